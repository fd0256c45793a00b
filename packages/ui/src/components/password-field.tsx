import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { TextField } from './text-field';
import styles from './password-field.module.css';

type PasswordFieldProps = Omit<Parameters<typeof TextField>[0], 'type' | 'end'>;

/**
 * A password input with a show/hide toggle. The toggle keeps one name ("Show
 * password") and reports its state with aria-pressed, so a screen reader does
 * not hear a label that flips.
 */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      end={
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setShown((value) => !value)}
          aria-label={t('common.showPassword')}
          aria-pressed={shown}
        >
          {shown ? <EyeOff aria-hidden="true" size={20} strokeWidth={2} /> : <Eye aria-hidden="true" size={20} strokeWidth={2} />}
        </button>
      }
    />
  );
}
