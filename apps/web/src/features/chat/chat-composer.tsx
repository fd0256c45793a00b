import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { CHAT } from '@jetton/contract/constants';
import { isBlankText } from '@jetton/contract/visible-text';
import styles from './chat-panel.module.css';

const ACCEPT = ['.png', '.jpg', '.jpeg', '.gif', '.mp4', '.mov', ...CHAT.acceptedTypes].join(',');

type Props = { onText: (text: string) => void; onFile: (file: File) => void; onTyping: () => void };

/** Text up to 2000 characters (blank, invisible characters included, is never sent), Enter sends, Shift+Enter is a new line; a paperclip for photos and videos. */
export function ChatComposer({ onText, onFile, onTyping }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const blank = isBlankText(text);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank) return;
    onText(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className={styles.composer} onSubmit={submit}>
      <input
        ref={fileInput}
        className="visually-hidden"
        type="file"
        accept={ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="chat-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <button type="button" className={styles.iconButton} aria-label={t('chat.attach')} onClick={() => fileInput.current?.click()}>
        <Paperclip aria-hidden="true" size={22} strokeWidth={2} />
      </button>
      <textarea
        className={styles.input}
        value={text}
        rows={1}
        maxLength={CHAT.textMax}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.sendButton} aria-label={t('chat.send')} disabled={blank}>
        <SendHorizontal aria-hidden="true" size={22} strokeWidth={2} />
      </button>
    </form>
  );
}
