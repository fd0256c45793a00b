import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { useLogout } from './use-logout';
import styles from './logout-button.module.css';

export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <button type="button" className={styles.button} onClick={logout}>
      <LogOut aria-hidden="true" size={20} strokeWidth={2} />
      <span className={styles.label}>{t('topBar.logout')}</span>
    </button>
  );
}
