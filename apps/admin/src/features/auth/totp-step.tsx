import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminSessionResponse } from '@jetton/contract/admin/auth';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { translateError } from '@jetton/ui/lib/translate-error';
import { formText } from '@admin/lib/form-text';
import { Notice } from '@admin/components/notice';
import { useTotpStep } from './auth-api';
import styles from './login-screen.module.css';

type TotpStepProps = { challenge: string; onDone: (session: TAdminSessionResponse) => void; onRestart: () => void };

const SIX_DIGITS = /^\d{6}$/;

/** The six-digit code, or (lost phone) one of the recovery codes, each usable once. */
export function TotpStep({ challenge, onDone, onRestart }: TotpStepProps) {
  const { t } = useTranslation();
  const step = useTotpStep();
  const [useRecovery, setUseRecovery] = useState(false);
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const value = formText(event.currentTarget, 'code');
    const ok = useRecovery ? value.length >= 10 : SIX_DIGITS.test(value);
    setInvalid(!ok);
    if (!ok) return;
    step.mutate(useRecovery ? { challenge, recoveryCode: value } : { challenge, code: value }, { onSuccess: onDone });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate key={useRecovery ? 'recovery' : 'code'}>
      <p className={styles.intro}>{useRecovery ? t('login.recoveryIntro') : t('login.totpIntro')}</p>
      {step.error && <Notice tone="danger">{translateError(t, step.error.code)}</Notice>}
      {useRecovery ? (
        <TextField
          name="code"
          label={t('login.recoveryCode')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={invalid ? t('login.recoveryInvalid') : undefined}
        />
      ) : (
        <TextField
          name="code"
          label={t('login.totpCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          error={invalid ? t('login.totpInvalid') : undefined}
        />
      )}
      <Button type="submit" block loading={step.isPending}>
        {t('login.submit')}
      </Button>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={() => setUseRecovery((value) => !value)}>
          {useRecovery ? t('login.useTotp') : t('login.useRecovery')}
        </button>
        <button type="button" className={styles.linkButton} onClick={onRestart}>
          {t('login.restart')}
        </button>
      </div>
    </form>
  );
}
