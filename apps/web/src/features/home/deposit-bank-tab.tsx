import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { SLIP_UPLOAD } from '@jetton/contract/deposit';
import type { TDepositLookup } from '@jetton/contract/lookup';
import { Button } from '@/components/ui/button';
import { copyWithToast } from '@/components/ui/copy-with-toast';
import { ErrorDialog } from '@/components/ui/error-dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-store';
import { formatAccountNumber } from '@/lib/format';
import { translateError } from '@/lib/translate-error';
import { useSlipUpload } from './deposit-api';
import styles from './deposit.module.css';

type DepositAccount = TDepositLookup['banks'][number];

/** The site's deposit accounts in the member's currency: bank, name, number with a copy button. */
export function DepositAccounts({ banks }: { banks: DepositAccount[] }) {
  const { t, i18n } = useTranslation();
  if (banks.length === 0) return <p className={styles.muted}>{t('home.depositDialog.noAccounts')}</p>;
  return (
    <ul className={styles.accounts}>
      {banks.map((bank) => (
        <li key={`${bank.bankCode}-${bank.bankAccountNo}`} className={styles.account}>
          <p className={styles.bank}>{i18n.language === 'th' ? bank.bank.nameTH : bank.bank.nameEN}</p>
          <p className={styles.muted}>
            {t('home.depositDialog.accountName')}: {bank.bankAccountName}
          </p>
          <p className={styles.number}>{formatAccountNumber(bank.bankAccountNo)}</p>
          <Button
            variant="secondary"
            className={styles.copy}
            aria-label={t('home.depositDialog.copyNumber', { number: bank.bankAccountNo })}
            onClick={() => void copyWithToast(t, bank.bankAccountNo)}
          >
            <Copy aria-hidden="true" size={18} strokeWidth={2} />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The slip upload: one image, 300 s; on success the slip is being checked (slip history shows the result). */
export function SlipUploadForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const upload = useSlipUpload();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFailure(translateError(t, 'SLIP_NO_FILE'));
      return;
    }
    if (file.size > SLIP_UPLOAD.maxBytes) {
      setFailure(translateError(t, 'PAYLOAD_TOO_LARGE'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        onDone();
        showToast(t('home.depositDialog.slipSent'), 'success');
      },
      onError: (error) => setFailure(translateError(t, error.code)),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        type="file"
        name={SLIP_UPLOAD.field}
        accept="image/*"
        label={t('home.depositDialog.slipLabel')}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <Button type="submit" block loading={upload.isPending} disabled={!file}>
        {t('home.depositDialog.slipUpload')}
      </Button>
      <ErrorDialog open={failure !== null} onClose={() => setFailure(null)} text={failure ?? ''} />
    </form>
  );
}
