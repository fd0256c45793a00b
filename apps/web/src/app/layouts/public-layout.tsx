import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookOpen, Headset, House, UserPlus } from 'lucide-react';
import { BrandMark } from '@jetton/ui/components/brand-mark';
import { BottomNav } from './bottom-nav';
import { DemoStrip } from './demo-strip';
import { LanguageSelect } from '@jetton/ui/i18n/language-select';
import styles from './shell.module.css';

/** Visitor pages: brand and language in the top bar, the public bottom menu. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <DemoStrip />
      <header className={styles.topBar}>
        <BrandMark />
        <LanguageSelect />
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <BottomNav
        label={t('nav.public')}
        items={[
          { kind: 'link', to: '/login', label: t('nav.login'), icon: House },
          { kind: 'link', to: '/register', label: t('nav.register'), icon: UserPlus },
          { kind: 'link', to: '/howto', label: t('nav.howto'), icon: BookOpen },
          { kind: 'link', to: '/contact', label: t('nav.contact'), icon: Headset },
        ]}
      />
    </div>
  );
}
