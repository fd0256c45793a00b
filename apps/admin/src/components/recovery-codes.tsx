import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import { copyText } from '@jetton/ui/lib/clipboard';
import { Notice } from './notice';
import styles from './recovery-codes.module.css';

type RecoveryCodesProps = { codes: readonly string[]; onContinue: () => void; continueLabel?: string };

/** Shown once, right after enrolment (or a renewal): the server keeps only their hashes. */
export function RecoveryCodes({ codes, onContinue, continueLabel }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <div className={styles.box}>
      <Notice tone="info" title={t('recovery.title')}>
        <p>{t('recovery.text')}</p>
      </Notice>
      <ul className={styles.codes} aria-label={t('recovery.title')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button
        variant="secondary"
        onClick={() =>
          void copyText(codes.join('\n')).then((ok) =>
            showToast(ok ? t('recovery.copied') : t('common.copyFailed'), ok ? 'success' : 'danger'),
          )
        }
      >
        {t('recovery.copy')}
      </Button>
      <label className={styles.check}>
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <span>{t('recovery.saved')}</span>
      </label>
      <Button block disabled={!saved} onClick={onContinue}>
        {continueLabel ?? t('recovery.continue')}
      </Button>
    </div>
  );
}
