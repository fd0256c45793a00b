import { useTranslation } from 'react-i18next';
import { RotateCw, Trash2 } from 'lucide-react';
import type { PendingItem } from './chat-items';
import { MediaView } from './message-view';
import styles from './chat-panel.module.css';

/** A message on its way: its delivery state, the upload's progress, and resend / remove once it failed. */
export function PendingView({ item, onResend, onRemove }: { item: PendingItem; onResend: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const percent = Math.round(item.progress * 100);
  return (
    <li className={`${styles.row} ${styles.own}`}>
      <div className={`${styles.bubble} ${styles.ownBubble} ${item.deliver === 'failed' ? styles.failedBubble : ''}`}>
        {item.previewUrl ? (
          <MediaView
            media={item.kind === 'video' ? { url: item.previewUrl, filePath: item.previewUrl, fileType: 'video' } : undefined}
            previewUrl={item.previewUrl}
          />
        ) : (
          <p className={styles.text}>{item.message.payload}</p>
        )}
        {item.deliver === 'uploading_file' && (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('chat.uploading')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      <p className={styles.meta}>
        {item.deliver === 'uploading_file' && t('chat.uploadingPercent', { percent })}
        {item.deliver === 'sending' && t('chat.sending')}
        {item.deliver === 'succeed' && t('chat.sent')}
        {item.deliver === 'failed' && <span className={styles.failedText}>{t('chat.failed')}</span>}
      </p>
      {item.deliver === 'failed' && (
        <div className={styles.retry}>
          <button type="button" className={styles.action} onClick={onResend}>
            <RotateCw aria-hidden="true" size={16} strokeWidth={2} />
            <span>{t('chat.resend')}</span>
          </button>
          <button type="button" className={styles.action} onClick={onRemove}>
            <Trash2 aria-hidden="true" size={16} strokeWidth={2} />
            <span>{t('chat.remove')}</span>
          </button>
        </div>
      )}
    </li>
  );
}
