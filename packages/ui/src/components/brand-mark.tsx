import { cx } from '@jetton/ui/lib/cx';
import styles from './brand-mark.module.css';

/** The Jetton gold coin and name. The coin is decorative; the name is the text. */
type BrandMarkProps = {
  className?: string;
  /** Narrow phones show the coin only (the name stays for screen readers). */
  compact?: boolean;
  /** The coin alone, hidden from screen readers (the name is already said elsewhere on the page). */
  decorative?: boolean;
};

export function BrandMark({ className, compact = false, decorative = false }: BrandMarkProps) {
  return (
    <span className={cx(styles.brand, compact && styles.compact, className)} aria-hidden={decorative || undefined}>
      <svg className={styles.coin} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle className={styles.rim} cx="32" cy="32" r="30" />
        <circle className={styles.face} cx="32" cy="32" r="23.5" strokeWidth="2" />
        <path
          className={styles.letter}
          d="M36.5 19.5v16.2c0 5.6-3.3 8.8-8.4 8.8-3.1 0-5.4-1.2-6.9-3.2l3.2-3c.9 1.2 2.1 1.9 3.5 1.9 2.3 0 3.4-1.5 3.4-4.6V19.5z"
        />
      </svg>
      {!decorative && <span className={styles.name}>Jetton</span>}
    </span>
  );
}
