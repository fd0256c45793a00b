import { Link, type LinkProps } from 'react-router';
import { cx } from '@jetton/ui/lib/cx';
import type { ButtonVariant } from './button';
import styles from './button.module.css';

type LinkButtonProps = LinkProps & { variant?: ButtonVariant; block?: boolean };

/** A router link that looks like a Button (for navigation, not actions). */
export function LinkButton({ variant = 'primary', block = false, className, ...rest }: LinkButtonProps) {
  return <Link className={cx(styles.button, styles[variant], block && styles.block, className)} {...rest} />;
}
