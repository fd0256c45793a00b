import { useTranslation } from 'react-i18next';
import type { TChatEntry } from '@jetton/contract/chat';
import styles from './chat-screen.module.css';

/** One message's body: text, the media a member sent (images and videos shown), buttons and quick replies as chips. */
export function MessageBody({ entry }: { entry: TChatEntry }) {
  const { t } = useTranslation();
  const { message } = entry;
  const items = message.payloads ?? [];
  return (
    <>
      {message.payload && (
        <p className={styles.text} translate="no">
          {message.payload}
        </p>
      )}
      {items.map((item, index) => {
        if ('fileType' in item) {
          if (item.fileType === 'image')
            return (
              <a key={index} href={item.url} target="_blank" rel="noreferrer">
                <img className={styles.media} src={item.url} alt={t('chatConsole.image')} loading="lazy" />
              </a>
            );
          if (item.fileType === 'video')
            return (
              <video key={index} className={styles.media} src={item.url} controls preload="metadata" aria-label={t('chatConsole.video')} />
            );
          return (
            <a key={index} href={item.url} target="_blank" rel="noreferrer">
              {t('chatConsole.file')}
            </a>
          );
        }
        return (
          <span key={index} className={styles.chip} translate="no">
            {item.title}
          </span>
        );
      })}
    </>
  );
}
