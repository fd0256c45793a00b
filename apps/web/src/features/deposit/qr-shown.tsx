import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Download } from 'lucide-react';
import type { QrProvider } from '@jetton/contract/constants';
import type { TQrState } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import { copyText } from '@jetton/ui/lib/clipboard';
import { formatMoney } from '@jetton/ui/lib/format';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useCountdown } from '@/lib/use-countdown';
import { useCancelQr, useDropQr, useQrStatus } from './deposit-api';
import { downloadFile, qrPngFile } from './qr-image';
import { formatMmSs, svgDataUrl } from './qr-rules';
import styles from './deposit.module.css';
import watch from './deposit-watch.module.css';

type OpenQr = TQrState & { qrcodeId: string; payload: string };
type QrShownProps = { provider: QrProvider; state: OpenQr; deadline: number; onArrived: (amount: number) => void };

/**
 * An open QR: the code, amount and countdown, save-as-image and copy, cancel.
 * While it is shown its status is watched (docs/member-web.md, "Watching a
 * deposit"): paid -> the dialog says the money arrived; expired or cancelled
 * elsewhere -> the QR is dropped and the member may create a new one.
 */
export function QrShown({ provider, state, deadline, onArrived }: QrShownProps) {
  const { t } = useTranslation();
  const cancel = useCancelQr(provider);
  const drop = useDropQr(provider);
  const status = useQrStatus(state.qrcodeId);
  const left = useCountdown(deadline);
  const amount = formatMoney(state.amount ?? 0);
  const providerName = t(`home.depositDialog.providerNames.${provider}`);

  useEffect(() => {
    if (left === 0) drop();
  }, [left, drop]);

  const settled = status.data?.status;
  const paidAmount = status.data?.amount;
  const held = status.data?.held === true;
  // A cancel of our own is not news: the cancel toast says it.
  const cancelledHere = !cancel.isIdle;
  useEffect(() => {
    // Paid but held by player care: not in the wallet, so not "arrived" (docs/player-care.md, "Where limits bite").
    if (settled === 'paid' && held) {
      drop();
      showToast(t('home.depositDialog.qrHeld'), 'info');
    } else if (settled === 'paid' && paidAmount !== undefined) onArrived(paidAmount);
    if ((settled === 'expired' || settled === 'cancelled') && !cancelledHere) {
      drop();
      showToast(t('home.depositDialog.qrClosed'), 'info');
    }
  }, [settled, paidAmount, held, cancelledHere, onArrived, drop, t]);

  const onCancel = () => {
    cancel.mutate(state.qrcodeId, {
      onSuccess: () => showToast(t('home.depositDialog.qrCancelled'), 'info'),
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };

  const onSave = async () => {
    try {
      const file = await qrPngFile(state.payload, { amount, provider: providerName }, `jetton-qr-${provider}-${amount}.png`);
      downloadFile(file);
      showToast(t('home.depositDialog.qrSaved'), 'success');
    } catch {
      showToast(t('home.depositDialog.qrSaveFailed'), 'danger');
    }
  };

  const onCopy = async () => {
    if (await copyText(state.payload)) showToast(t('home.depositDialog.qrPayloadCopied'), 'success');
    else showToast(t('common.copyFailed'), 'danger');
  };

  return (
    <div className={styles.qr}>
      <img className={styles.qrImage} src={svgDataUrl(state.qrcode ?? '')} alt={t('home.depositDialog.qrImage', { amount })} />
      <p className={styles.qrAmount}>{t('home.depositDialog.qrPay', { amount })}</p>
      <p className={styles.countdown} role="timer" aria-live="off">
        {t('home.depositDialog.qrExpires', { time: formatMmSs(left) })}
      </p>
      <p className={watch.waiting}>
        <span className={watch.pulse} aria-hidden="true" />
        {t('home.depositDialog.qrWatching')}
      </p>
      <div className={watch.qrActions}>
        <Button variant="secondary" onClick={() => void onSave()}>
          <Download aria-hidden="true" size={18} strokeWidth={2} />
          {t('home.depositDialog.qrSave')}
        </Button>
        <Button variant="secondary" onClick={() => void onCopy()}>
          <Copy aria-hidden="true" size={18} strokeWidth={2} />
          {t('home.depositDialog.qrCopyPayload')}
        </Button>
      </div>
      <Button variant="ghost" block loading={cancel.isPending} onClick={onCancel}>
        {t('home.depositDialog.qrCancel')}
      </Button>
    </div>
  );
}
