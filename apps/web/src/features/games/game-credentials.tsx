import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, KeyRound, TriangleExclamationPoint } from 'lucide-react';
import type { TGameAccount } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { copyWithToast } from '@jetton/ui/components/copy-with-toast';
import { showToast } from '@jetton/ui/components/toast-store';
import styles from './game-account-sheet.module.css';

type GameCredentialsProps = {
  account: TGameAccount | undefined;
  resetting: boolean;
  onReset: () => Promise<unknown>;
};

/** The game account's username and password with copy buttons, and reset password behind a warning. */
export function GameCredentials({ account, resetting, onReset }: GameCredentialsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const warningId = useId();
  const [confirming, setConfirming] = useState(false);

  const reset = async () => {
    try {
      await onReset();
      setConfirming(false);
      showToast(t('home.gameDialog.resetDone'), 'success');
    } catch {
      // The dialog shows the error; the confirmation stays open for another try.
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('home.gameDialog.account')}
      </h3>
      {account?.username === undefined ? (
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      ) : (
        <dl className={styles.credentials}>
          <Credential label={t('home.gameDialog.username')} value={account.username} />
          {account.password !== undefined && <Credential label={t('home.gameDialog.password')} value={account.password} />}
        </dl>
      )}
      {confirming ? (
        <div className={styles.warning} role="group" aria-labelledby={warningId}>
          <p id={warningId} className={styles.warningText}>
            <TriangleExclamationPoint aria-hidden="true" size={20} strokeWidth={2} />
            {t('home.gameDialog.resetWarning')}
          </p>
          <div className={styles.row}>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={resetting}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void reset()} loading={resetting}>
              {t('home.gameDialog.resetConfirm')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" onClick={() => setConfirming(true)} disabled={account?.username === undefined}>
          <KeyRound aria-hidden="true" size={18} strokeWidth={2} />
          {t('home.gameDialog.resetPassword')}
        </Button>
      )}
    </section>
  );
}

function Credential({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.credential}>
      <dt className={styles.credentialLabel}>{label}</dt>
      <dd className={styles.credentialValue} translate="no">
        <span>{value}</span>
        <button
          type="button"
          className={styles.copy}
          onClick={() => void copyWithToast(t, value)}
          aria-label={t('home.gameDialog.copy', { label })}
        >
          <Copy aria-hidden="true" size={18} strokeWidth={2} />
        </button>
      </dd>
    </div>
  );
}
