import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { loadingTracker } from '@jetton/ui/lib/loading-tracker';
import { useLayerHost } from './layer-host';
import styles from './loading-overlay.module.css';

/** The global overlay: shown only while some call has been running for over 200 ms. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const visible = useSyncExternalStore(loadingTracker.subscribe, loadingTracker.isVisible);
  const host = useLayerHost();
  if (!visible) return null;
  return createPortal(
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>,
    host,
  );
}
