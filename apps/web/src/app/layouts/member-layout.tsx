import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Headset, House, ReceiptText, ScrollText, User } from 'lucide-react';
import { BrandMark } from '@jetton/ui/components/brand-mark';
import { LogoutButton } from '@/features/auth/logout-button';
import { ConditionsSheet } from '@/features/conditions/conditions-sheet';
import { BottomNav } from './bottom-nav';
import { DemoStrip } from './demo-strip';
import { LanguageSelect } from '@jetton/ui/i18n/language-select';
import styles from './shell.module.css';

// Loaded after the screen: the reminder is rare, the member's first paint is not (docs/performance.md).
const RealityCheckNotice = lazy(async () => ({ default: (await import('@/features/care/reality-check-notice')).RealityCheckNotice }));

/** The member area: language and logout in the top bar, the member bottom menu with conditions. */
export function MemberLayout() {
  const { t } = useTranslation();
  const [conditionsOpen, setConditionsOpen] = useState(false);
  return (
    <div className={styles.shell}>
      <DemoStrip />
      <header className={styles.topBar}>
        <BrandMark compact />
        <div className={styles.actions}>
          <LanguageSelect />
          <LogoutButton />
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <BottomNav
        label={t('nav.member')}
        items={[
          { kind: 'link', to: '/user/profile', label: t('nav.profile'), icon: User },
          {
            kind: 'button',
            onClick: () => setConditionsOpen(true),
            label: t('nav.conditions'),
            icon: ScrollText,
            expanded: conditionsOpen,
          },
          { kind: 'link', to: '/user/home', label: t('nav.home'), icon: House, emphasis: true },
          { kind: 'link', to: '/user/statement', label: t('nav.statement'), icon: ReceiptText },
          { kind: 'link', to: '/user/contact', label: t('nav.contact'), icon: Headset },
        ]}
      />
      <ConditionsSheet open={conditionsOpen} onClose={() => setConditionsOpen(false)} />
      <Suspense fallback={null}>
        <RealityCheckNotice />
      </Suspense>
    </div>
  );
}
