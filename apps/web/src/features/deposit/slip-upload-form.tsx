import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp } from 'lucide-react';
import { SLIP_UPLOAD } from '@jetton/contract/deposit';
import type { TSlip } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import buttonStyles from '@jetton/ui/components/button.module.css';
import { cx } from '@jetton/ui/lib/cx';
import { formatFileSize } from '@jetton/ui/lib/format';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useSlipStatus, useSlipUpload } from './deposit-api';
import styles from './deposit.module.css';
import watch from './deposit-watch.module.css';

/**
 * The slip upload: one image, 300 s. The answer is a slip being checked, so
 * the form stays and watches it (docs/member-web.md, "Watching a deposit"):
 * credited -> the dialog says the money arrived; refused (a duplicate, a wrong
 * account...) -> the refusal's reason right here, and another slip may be sent.
 */
export function SlipUploadForm({ onArrived }: { onArrived: (amount: number) => void }) {
  const { t } = useTranslation();
  const upload = useSlipUpload();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<TSlip | null>(null);

  if (sent) return <SlipWatch key={sent.reference} slipId={sent.reference} onArrived={onArrived} onAnother={() => setSent(null)} />;

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
      onSuccess: (slip) => {
        setFile(null);
        setSent(slip);
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

type SlipWatchProps = { slipId: string; onArrived: (amount: number) => void; onAnother: () => void };

/** A sent slip until the verifier decides: "checking", then arrived or the refusal. */
function SlipWatch({ slipId, onArrived, onAnother }: SlipWatchProps) {
  const { t } = useTranslation();
  const status = useSlipStatus(slipId);
  const slip = status.data;
  const credited = slip?.status === 'success' ? slip.amount : null;
  useEffect(() => {
    if (credited !== null) onArrived(credited);
  }, [credited, onArrived]);

  if (slip?.status === 'failed') {
    const reason = slip.note ? t(`slipNotes.${slip.note}`) : translateError(t, 'SLIP_UPLOAD_FAIL');
    return (
      <div className={styles.form}>
        <p className={watch.refused} role="alert">
          {t('home.depositDialog.slipRefused', { reason })}
        </p>
        <Button variant="secondary" block onClick={onAnother}>
          {t('home.depositDialog.slipTryAnother')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.form} role="status">
      <p className={watch.waiting}>
        <span className={watch.pulse} aria-hidden="true" />
        {t('home.depositDialog.slipChecking')}
      </p>
      <p className={styles.muted}>{t('home.depositDialog.slipCheckingHint')}</p>
    </div>
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
