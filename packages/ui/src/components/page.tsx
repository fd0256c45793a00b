import type { ReactNode } from 'react';
import { usePageTitle } from '@jetton/ui/lib/use-page-title';
import styles from './page.module.css';

type PageProps = { title: string; children: ReactNode; intro?: string };

/** A screen inside a layout: its h1 (also the document title) and content. */
export function Page({ title, intro, children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
      </header>
      {children}
    </div>
  );
}
