import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminSessionResponse } from '@jetton/contract/admin/auth';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { translateError } from '@jetton/ui/lib/translate-error';
import { formText } from '@admin/lib/form-text';
import { Notice } from '@admin/components/notice';
import { useEnrolStep } from './auth-api';
import styles from './login-screen.module.css';

type EnrolStepProps = {
  challenge: string;
  secret: string;
  otpauthUri: string;
  onDone: (session: TAdminSessionResponse) => void;
  onRestart: () => void;
};

/**
 * First login: the QR code of the server's otpauth URI, drawn here by `qrcode` (the library the
 * member site draws deposit QRs with) as a data URL, so no server markup is put into the page.
 * The secret is also shown as text for apps that cannot scan.
 */
export function EnrolStep({ challenge, secret, otpauthUri, onDone, onRestart }: EnrolStepProps) {
  const { t } = useTranslation();
  const step = useEnrolStep();
  const [qr, setQr] = useState<string>();
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(otpauthUri, { width: 440, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [otpauthUri]);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const code = formText(event.currentTarget, 'code');
    const ok = /^\d{6}$/.test(code);
    setInvalid(!ok);
    if (ok) step.mutate({ challenge, code }, { onSuccess: onDone });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.intro}>{t('login.enrolIntro')}</p>
      {qr ? <img className={styles.qr} src={qr} alt={t('login.enrolQrAlt')} /> : <div className={styles.qr} aria-hidden="true" />}
      <div>
        <p className={styles.intro}>{t('login.enrolSecret')}</p>
        <p className={styles.secret} data-testid="totp-secret">
          {secret}
        </p>
      </div>
      {step.error && <Notice tone="danger">{translateError(t, step.error.code)}</Notice>}
      <TextField
        name="code"
        label={t('login.totpCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={invalid ? t('login.totpInvalid') : undefined}
      />
      <Button type="submit" block loading={step.isPending}>
        {t('login.enrolSubmit')}
      </Button>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={onRestart}>
          {t('login.restart')}
        </button>
      </div>
    </form>
  );
}
