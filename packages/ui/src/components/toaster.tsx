import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CircleExclamationPoint, CircleCheck, Info, X } from 'lucide-react';
import { cx } from '@jetton/ui/lib/cx';
import { useLayerHost } from './layer-host';
import { dismissToast, toastStore, type ToastTone } from './toast-store';
import styles from './toaster.module.css';

const ICONS: Record<ToastTone, typeof Info> = { danger: CircleExclamationPoint, success: CircleCheck, info: Info };

/** Renders the toasts of `showToast`. Danger toasts are announced assertively (role=alert). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  const host = useLayerHost();
  return createPortal(
    <section className={styles.region} aria-label={t('common.notifications')}>
      {toasts.map((toast) => {
        const Icon = ICONS[toast.tone];
        return (
          <div key={toast.id} className={cx(styles.toast, styles[toast.tone])} role={toast.tone === 'danger' ? 'alert' : 'status'}>
            <Icon aria-hidden="true" size={20} strokeWidth={2} className={styles.icon} />
            <p className={styles.text}>{toast.text}</p>
            <button type="button" className={styles.close} onClick={() => dismissToast(toast.id)} aria-label={t('common.dismiss')}>
              <X aria-hidden="true" size={18} strokeWidth={2} />
            </button>
          </div>
        );
      })}
    </section>,
    host,
  );
}
