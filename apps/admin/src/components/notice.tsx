import type { ReactNode } from 'react';
import { cx } from '@jetton/ui/lib/cx';
import styles from './notice.module.css';

type NoticeProps = { tone: 'info' | 'danger' | 'success'; title?: string; children: ReactNode; className?: string };

/** A boxed message inside a page: a refusal, an outcome to read, a warning before an action. */
export function Notice({ tone, title, children, className }: NoticeProps) {
  return (
    <section className={cx(styles.notice, styles[tone], className)} role={tone === 'danger' ? 'alert' : undefined}>
      {title && <h2 className={styles.title}>{title}</h2>}
      <div className={styles.body}>{children}</div>
    </section>
  );
}
