import type { ReactNode } from 'react';
import { usePageTitle } from '@jetton/ui/lib/use-page-title';
import { BrandMark } from './brand-mark';
import styles from './status-screen.module.css';

type StatusScreenProps = { icon: ReactNode; title: string; text: string; action?: ReactNode };

/** A full-screen message outside the layouts (service closed, page not found, crash). */
export function StatusScreen({ icon, title, text, action }: StatusScreenProps) {
  usePageTitle(title);
  return (
    <main className={styles.screen}>
      <BrandMark className={styles.brand} />
      <span className={styles.icon}>{icon}</span>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      {action}
    </main>
  );
}
