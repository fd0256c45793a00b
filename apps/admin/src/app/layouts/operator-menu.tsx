import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDown, KeyRound, LogOut, UserRound } from 'lucide-react';
import { useOperator } from '@admin/lib/operator';
import { useLogout } from '@admin/lib/use-logout';
import styles from './admin-layout.module.css';

/** The operator's name and roles, with their account (password, recovery codes) and log out. */
export function OperatorMenu() {
  const { t } = useTranslation();
  const me = useOperator();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event): void => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className={styles.operator} ref={rootRef}>
      <button
        type="button"
        className={styles.operatorButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserRound aria-hidden="true" size={18} strokeWidth={2} />
        <span className={styles.operatorName}>{me.name}</span>
        <ChevronDown aria-hidden="true" size={16} strokeWidth={2} />
      </button>
      {open && (
        <div id={menuId} className={styles.operatorPanel}>
          <p className={styles.operatorLogin}>
            {me.login} · {me.roles.map((role) => t(`roles.${role}`)).join(', ')}
          </p>
          <ul>
            <li>
              <Link to="/account" className={styles.menuItem} onClick={() => setOpen(false)}>
                <KeyRound aria-hidden="true" size={18} strokeWidth={2} />
                {t('account.menu')}
              </Link>
            </li>
            <li>
              <button type="button" className={styles.menuItem} onClick={logout}>
                <LogOut aria-hidden="true" size={18} strokeWidth={2} />
                {t('account.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
