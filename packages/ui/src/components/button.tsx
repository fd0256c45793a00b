import type { ButtonHTMLAttributes } from 'react';
import { cx } from '@jetton/ui/lib/cx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks repeat presses while the action runs. */
  loading?: boolean;
  block?: boolean;
};

export function Button({ variant = 'primary', loading = false, block = false, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cx(styles.button, styles[variant], block && styles.block, className)}
      disabled={disabled ?? loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
