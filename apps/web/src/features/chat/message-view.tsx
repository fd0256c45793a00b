import { useTranslation } from 'react-i18next';
import { ExternalLink, FileText, Phone } from 'lucide-react';
import type { TChatButton, TChatEntry, TChatMedia, TChatMessage } from '@jetton/contract/chat';
import styles from './chat-panel.module.css';

type Actions = { onPostback: (value: string) => void };

function ButtonList({ buttons, onPostback, chips }: { buttons: TChatButton[]; chips?: boolean } & Actions) {
  return (
    <div className={chips ? styles.chips : styles.buttons}>
      {buttons.map((button, index) => {
        const key = `${button.type}-${index}`;
        if (button.type === 'web')
          return (
            <a key={key} className={styles.action} href={button.payload} target="_blank" rel="noopener noreferrer nofollow">
              <span>{button.title}</span>
              <ExternalLink aria-hidden="true" size={16} strokeWidth={2} />
            </a>
          );
        if (button.type === 'call')
          return (
            <a key={key} className={styles.action} href={`tel:${button.payload.replace(/[^+0-9]/g, '')}`}>
              <Phone aria-hidden="true" size={16} strokeWidth={2} />
              <span>{button.title}</span>
            </a>
          );
        return (
          <button key={key} type="button" className={styles.action} onClick={() => onPostback(button.payload || button.title)}>
            {button.title}
          </button>
        );
      })}
    </div>
  );
}

export function MediaView({ media, previewUrl }: { media?: TChatMedia; previewUrl?: string }) {
  const { t } = useTranslation();
  const src = previewUrl ?? media?.url;
  if (!src) return null;
  if (media?.fileType === 'video')
    return <video className={styles.media} src={src} controls preload="metadata" aria-label={t('chat.video')} />;
  if (media?.fileType === 'file')
    return (
      <a className={styles.action} href={src} target="_blank" rel="noopener noreferrer">
        <FileText aria-hidden="true" size={16} strokeWidth={2} />
        <span>{t('chat.file')}</span>
      </a>
    );
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" aria-label={t('chat.openImage')}>
      <img className={styles.media} src={src} alt={media?.message ?? t('chat.image')} loading="lazy" />
    </a>
  );
}

/** One message's content, by its type: text, buttons, media, quick replies, card, postback. */
export function MessageContent({ message, onPostback, latest }: { message: TChatMessage; latest: boolean } & Actions) {
  const items = message.payloads ?? [];
  const buttons = items.filter((item): item is TChatButton => 'type' in item);
  const media = items.filter((item): item is TChatMedia => 'fileType' in item);
  const text = message.payload ? <p className={styles.text}>{message.payload}</p> : null;
  switch (message.message_type) {
    case 'text':
    case 'postback':
      return text;
    case 'media':
      return (
        <>
          {media.map((m, index) => (
            <figure key={`${m.url}-${index}`} className={styles.figure}>
              <MediaView media={m} />
              {m.message && <figcaption className={styles.text}>{m.message}</figcaption>}
            </figure>
          ))}
        </>
      );
    case 'buttons':
      return (
        <>
          {text}
          <ButtonList buttons={buttons} onPostback={onPostback} />
        </>
      );
    case 'quick_replies':
      // Quick replies answer the newest question only; older ones stay as text.
      return (
        <>
          {text}
          {latest && <ButtonList buttons={buttons} onPostback={onPostback} chips />}
        </>
      );
    case 'generic':
      return (
        <div className={styles.card}>
          {media.map((m, index) => (
            <MediaView key={`${m.url}-${index}`} media={m} />
          ))}
          {text}
          {buttons.length > 0 && <ButtonList buttons={buttons} onPostback={onPostback} />}
        </div>
      );
  }
}

export function isOwn(entry: TChatEntry): boolean {
  return entry.sender === 'customer';
}
