import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '@jetton/ui/lib/cx';
import fieldStyles from './text-field.module.css';
import styles from './select-field.module.css';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** Shown under the field and linked with aria-describedby. */
  error?: string;
  /** Extra help under the field (e.g. "optional"), linked with aria-describedby. */
  hint?: string;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
};

/** A native select styled like TextField: phones show their own picker, which members know. */
export function SelectField({ label, error, hint, className, id, ref, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const describedBy = [hint && `${selectId}-hint`, error && `${selectId}-error`].filter(Boolean).join(' ');
  return (
    <div className={cx(fieldStyles.field, className)}>
      <label className={fieldStyles.label} htmlFor={selectId}>
        {label}
      </label>
      <div className={cx(fieldStyles.control, styles.control, error && fieldStyles.invalid)}>
        <select
          ref={ref}
          id={selectId}
          className={cx(fieldStyles.input, styles.select)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...select}
        >
          {children}
        </select>
        <ChevronDown aria-hidden="true" size={18} strokeWidth={2} className={styles.chevron} />
      </div>
      {hint && (
        <p id={`${selectId}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${selectId}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
