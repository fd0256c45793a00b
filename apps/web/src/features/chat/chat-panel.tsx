import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, CheckCheck, Check, X } from 'lucide-react';
import { CHAT, FORMATS } from '@jetton/contract/constants';
import { translateError } from '@jetton/ui/lib/translate-error';
import { ChatComposer } from './chat-composer';
import { createChatSession, type ChatAlert } from './chat-session';
import { isOwn, MessageContent } from './message-view';
import { PendingView } from './pending-view';
import styles from './chat-panel.module.css';

export type ChatPanelProps = { id: string; open: boolean; onClose: () => void };

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: FORMATS.timeZone });
/** How close to the top counts as "scrolled to the top" for loading older messages. */
const TOP_LOAD_PX = 24;

/** The support chat: history (10 at a time, older on scroll to the top), live messages, read marks, typing, media. */
export function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const { t } = useTranslation();
  const [session] = useState(createChatSession);
  const chat = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const olderFrom = useRef<number | null>(null);
  const [showJump, setShowJump] = useState(false);
  const lastSeq = chat.entries.at(-1)?.seq ?? 0;

  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);

  // Keep the view where the member is: after older messages load, hold the same message in place;
  // at the bottom (within 60 px), follow new messages; otherwise offer a jump to the newest.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (olderFrom.current !== null) {
      el.scrollTop += el.scrollHeight - olderFrom.current;
      olderFrom.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
    else setShowJump(true);
  }, [chat.entries, chat.pending, chat.agentTyping]);

  useEffect(() => {
    if (!open) return;
    stick.current = true;
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [open]);

  useEffect(() => {
    if (open && lastSeq > 0) session.scheduleRead();
  }, [open, lastSeq, session]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= CHAT.scrollToBottomThresholdPx;
    if (stick.current) setShowJump(false);
    if (el.scrollTop <= TOP_LOAD_PX && chat.hasOlder && !chat.loadingOlder) {
      olderFrom.current = el.scrollHeight;
      void session.loadOlder();
    }
  };
  const jump = () => {
    const el = list.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
    stick.current = true;
    setShowJump(false);
  };
  const alertText = (alert: ChatAlert) =>
    alert.key.startsWith('errors.') ? translateError(t, alert.key.slice('errors.'.length)) : t(alert.key, alert.params ?? {});
  const statusText = chat.agentTyping ? t('chat.typing') : t(`chat.status.${chat.status}`);
  const lastAgentSeq = [...chat.entries].reverse().find((e) => !isOwn(e))?.seq;

  return (
    <section id={id} className={styles.panel} hidden={!open} aria-label={t('chat.title')}>
      <header className={styles.header}>
        <div>
          <h2 className={styles.title}>{t('chat.title')}</h2>
          <p className={styles.status} aria-live="polite">
            <span className={`${styles.dot} ${styles[chat.status]}`} aria-hidden="true" />
            {statusText}
          </p>
        </div>
        <button type="button" className={styles.iconButton} aria-label={t('chat.close')} onClick={onClose}>
          <X aria-hidden="true" size={22} strokeWidth={2} />
        </button>
      </header>

      <ol ref={list} className={styles.list} onScroll={onScroll} aria-label={t('chat.messages')} aria-busy={!chat.loaded}>
        {chat.loadingOlder && <li className={styles.notice}>{t('chat.loadingOlder')}</li>}
        {chat.loaded && chat.entries.length === 0 && chat.pending.length === 0 && <li className={styles.notice}>{t('chat.empty')}</li>}
        {!chat.loaded && <li className={styles.notice}>{t('chat.status.connecting')}</li>}
        {chat.entries.map((entry) => {
          const own = isOwn(entry);
          return (
            <li key={entry.seq} className={`${styles.row} ${own ? styles.own : ''}`} data-seq={entry.seq}>
              <div className={`${styles.bubble} ${own ? styles.ownBubble : ''}`}>
                <MessageContent
                  message={entry.message}
                  latest={entry.seq === lastAgentSeq && entry.seq === lastSeq}
                  onPostback={session.sendPostback}
                />
              </div>
              <p className={styles.meta}>
                {!own && <span>{entry.name ?? t('chat.support')} · </span>}
                <time dateTime={entry.createdAt}>{timeOf(entry.createdAt)}</time>
                {own &&
                  (entry.seq <= chat.agentReadSeq ? (
                    <span className={`${styles.mark} ${styles.read}`}>
                      <CheckCheck aria-hidden="true" size={14} strokeWidth={2} /> {t('chat.read')}
                    </span>
                  ) : (
                    <span className={styles.mark}>
                      <Check aria-hidden="true" size={14} strokeWidth={2} /> {t('chat.sent')}
                    </span>
                  ))}
              </p>
            </li>
          );
        })}
        {chat.pending.map((item) => (
          <PendingView
            key={item.clientId}
            item={item}
            onResend={() => session.resend(item.clientId)}
            onRemove={() => session.remove(item.clientId)}
          />
        ))}
      </ol>

      {showJump && (
        <button type="button" className={styles.jump} onClick={jump} aria-label={t('chat.newest')}>
          <ArrowDown aria-hidden="true" size={20} strokeWidth={2} />
        </button>
      )}
      {chat.alert && (
        <p className={styles.alert} role="alert">
          {alertText(chat.alert)}
        </p>
      )}
      <ChatComposer onText={session.sendText} onFile={session.sendFile} onTyping={session.typing} />
    </section>
  );
}
