import { NavLink } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { cx } from '@jetton/ui/lib/cx';
import styles from './bottom-nav.module.css';

export type BottomNavItem =
  | { kind: 'link'; to: string; label: string; icon: LucideIcon; emphasis?: boolean }
  | { kind: 'button'; onClick: () => void; label: string; icon: LucideIcon; expanded: boolean };

const ICON = { size: 22, strokeWidth: 2 } as const;

/** The fixed bottom menu: icon + label, the current page marked (aria-current and a gold bar). */
export function BottomNav({ label, items }: { label: string; items: BottomNavItem[] }) {
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => {
          const Icon = item.icon;
          if (item.kind === 'button') {
            return (
              <li key={item.label}>
                <button type="button" className={styles.item} onClick={item.onClick} aria-haspopup="dialog" aria-expanded={item.expanded}>
                  <Icon aria-hidden="true" {...ICON} />
                  <span className={styles.label}>{item.label}</span>
                </button>
              </li>
            );
          }
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) => cx(styles.item, item.emphasis && styles.emphasis, isActive && styles.active)}
              >
                <span className={styles.iconWrap}>
                  <Icon aria-hidden="true" {...ICON} />
                </span>
                <span className={styles.label}>{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
