import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, ImageUp } from 'lucide-react';
import { SLIP_UPLOAD } from '@jetton/contract/deposit';
import type { TDepositLookup } from '@jetton/contract/lookup';
import { Button } from '@/components/ui/button';
import { copyWithToast } from '@/components/ui/copy-with-toast';
import { ErrorDialog } from '@/components/ui/error-dialog';
import buttonStyles from '@/components/ui/button.module.css';
import { showToast } from '@/components/ui/toast-store';
import { cx } from '@/lib/cx';
import { formatAccountNumber, formatFileSize } from '@/lib/format';
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
      <SlipFileField file={file} onChange={setFile} disabled={upload.isPending} />
      <Button type="submit" block loading={upload.isPending} disabled={!file}>
        {t('home.depositDialog.slipUpload')}
      </Button>
      <ErrorDialog open={failure !== null} onClose={() => setFailure(null)} text={failure ?? ''} />
    </form>
  );
}

/**
 * The slip picker in the member's language instead of the browser's bare
 * "Choose file / No file chosen": the real file input stays in the DOM, visually
 * hidden and focusable, and a button-styled label opens it; once a file is
 * chosen its thumbnail, name and size show above a "choose another" button.
 */
function SlipFileField({ file, onChange, disabled }: { file: File | null; onChange: (file: File | null) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}-input`;
  const [preview, setPreview] = useState<string | null>(null);
  // The preview URL lives from the change that made it to the next change or unmount.
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
      previewRef.current = null;
    },
    [],
  );
  const choose = (next: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next && SLIP_UPLOAD.types.some((type) => type === next.type) ? URL.createObjectURL(next) : null;
    setPreview(previewRef.current);
    onChange(next);
  };
  const tooLarge = file !== null && file.size > SLIP_UPLOAD.maxBytes;
  return (
    <div className={styles.slip}>
      <span id={`${id}-title`} className={styles.slipTitle}>
        {t('home.depositDialog.slipLabel')}
      </span>
      {file && (
        <div id={`${id}-chosen`} className={styles.chosen}>
          {preview ? <img className={styles.thumb} src={preview} alt="" /> : <span className={styles.thumb} aria-hidden="true" />}
          <div className={styles.chosenText}>
            <p className={styles.fileName} title={file.name}>
              {file.name}
            </p>
            <p className={cx(styles.muted, styles.fileSize, tooLarge && styles.fileTooLarge)}>{formatFileSize(file.size)}</p>
          </div>
        </div>
      )}
      {/* Right before its label: the label shows the input's keyboard focus (CSS `+`). */}
      <input
        id={inputId}
        type="file"
        name={SLIP_UPLOAD.field}
        accept={SLIP_UPLOAD.types.join(',')}
        className={cx('visually-hidden', styles.fileInput)}
        aria-labelledby={`${id}-title ${id}-choose`}
        aria-describedby={[file && `${id}-chosen`, `${id}-types`].filter(Boolean).join(' ')}
        disabled={disabled}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      <label
        id={`${id}-choose`}
        htmlFor={inputId}
        className={cx(buttonStyles.button, buttonStyles.secondary, buttonStyles.block, styles.choose)}
      >
        <ImageUp aria-hidden="true" size={20} strokeWidth={2} />
        {t(file ? 'home.depositDialog.slipChooseAnother' : 'home.depositDialog.slipChoose')}
      </label>
      <p id={`${id}-types`} className={styles.muted}>
        {t('home.depositDialog.slipTypes', { size: formatFileSize(SLIP_UPLOAD.maxBytes) })}
      </p>
    </div>
  );
}
