import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { Menu, X } from 'lucide-react';
import { BrandMark } from '@jetton/ui/components/brand-mark';
import { usePageTitle } from '@jetton/ui/lib/use-page-title';
import { ADMIN_IDLE_MS } from '@admin/lib/admin-constants';
import { adminSession } from '@admin/lib/admin-api';
import { watchIdle } from '@admin/lib/idle-timer';
import { usePermissions } from '@admin/lib/operator';
import { NAV_GROUPS, screensFor } from '../screens';
import { LanguageSelect } from '@jetton/ui/i18n/language-select';
import { OperatorMenu } from './operator-menu';
import styles from './admin-layout.module.css';

function useTitleKey(): string {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as { titleKey?: string } | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return 'screens.dashboard';
}

/** Desktop: the menu is a column beside the page. Tablet and narrower: a drawer behind the menu button. */
export function AdminLayout() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const title = t(useTitleKey());
  const location = useLocation();
  // The drawer belongs to the page it was opened on: choosing a screen closes it (on a tablet it covers the page).
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === location.pathname;
  const setDrawerOpen = (open: boolean): void => setDrawerOpenAt(open ? location.pathname : null);
  const navId = useId();
  usePageTitle(title);

  useEffect(() => watchIdle(ADMIN_IDLE_MS, () => adminSession.end('expired')), []);

  const screens = screensFor(permissions).filter((screen) => screen.inNav !== false);
  return (
    <div className={styles.layout}>
      <a href="#main" className={styles.skipLink}>
        {t('layout.skipToContent')}
      </a>
      <aside className={styles.sidebar} data-open={drawerOpen || undefined}>
        <div className={styles.brand}>
          <BrandMark />
          <span className={styles.brandLabel}>{t('layout.backOffice')}</span>
        </div>
        <nav id={navId} aria-label={t('layout.menu')} className={styles.nav}>
          {NAV_GROUPS.map((group) => {
            const items = screens.filter((screen) => screen.group === group);
            if (items.length === 0) return null;
            return (
              <div key={group} className={styles.navGroup}>
                <p className={styles.navGroupTitle}>{t(`navGroups.${group}`)}</p>
                <ul>
                  {items.map((screen) => (
                    <li key={screen.path}>
                      <NavLink
                        to={`/${screen.path}`}
                        className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
                      >
                        <screen.icon aria-hidden="true" size={18} strokeWidth={2} />
                        {t(screen.titleKey)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
      {drawerOpen && <button type="button" className={styles.scrim} aria-label={t('common.close')} onClick={() => setDrawerOpen(false)} />}
      <div className={styles.page}>
        <header className={styles.topBar}>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={drawerOpen}
            aria-controls={navId}
            aria-label={t('layout.menu')}
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            {drawerOpen ? <X aria-hidden="true" size={22} strokeWidth={2} /> : <Menu aria-hidden="true" size={22} strokeWidth={2} />}
          </button>
          <h1 className={styles.title}>{title}</h1>
          <div className={styles.actions}>
            <LanguageSelect />
            <OperatorMenu />
          </div>
        </header>
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
