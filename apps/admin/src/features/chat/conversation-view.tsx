import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TChatButton, TChatMessage } from '@jetton/contract/chat';
import { isBlankText } from '@jetton/contract/visible-text';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { cx } from '@jetton/ui/lib/cx';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { money, when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { chatKeys, markRead, useCannedReplies, useConversation, useReply, useStatusChange } from './chat-api';
import { customerLabel } from './customer-label';
import { MessageBody } from './message-parts';
import styles from './chat-screen.module.css';

const TYPING_THROTTLE_MS = 2_000;

/** The open conversation: member summary, history (read as it arrives), and the reply box. */
export function ConversationView(props: { conversationId: string; customerTyping: boolean; onTyping: (on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { conversationId } = props;
  const opened = useConversation(conversationId);
  const reply = useReply(conversationId);
  const statusChange = useStatusChange(conversationId);
  const canned = useCannedReplies();
  const [text, setText] = useState('');
  const [quick, setQuick] = useState('');
  const lastTyping = useRef(0);
  const bottom = useRef<HTMLLIElement>(null);
  const data = opened.data;
  const messages = data?.messages ?? [];
  const lastCustomerSeq = messages.filter((m) => m.sender === 'customer').at(-1)?.seq ?? 0;

  // Read marks: what is on screen is read, once per new customer message.
  useEffect(() => {
    if (lastCustomerSeq === 0) return;
    void markRead(conversationId, lastCustomerSeq)
      .then(() => queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'list'] }))
      .catch(() => undefined);
  }, [conversationId, lastCustomerSeq, queryClient]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  if (opened.error) return <Notice tone="danger">{errorText(t, opened.error)}</Notice>;
  if (!data) return <p className={ui.empty}>{t('chatConsole.loading')}</p>;
  const { conversation, member } = data;
  const lang = (['th', 'la', 'en'] as const).find((l) => i18n.language.startsWith(l)) ?? 'th';

  const send = (event: FormEvent) => {
    event.preventDefault();
    const payload = text.trim();
    if (isBlankText(payload)) return;
    const options = quick
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => !isBlankText(line))
      .slice(0, 10);
    const buttons: TChatButton[] = options.map((title) => ({ type: 'postback', title: title.slice(0, 80), payload: title.slice(0, 200) }));
    const message: TChatMessage =
      buttons.length > 0 ? { message_type: 'quick_replies', payload, payloads: buttons } : { message_type: 'text', payload };
    reply.mutate(message, {
      onSuccess: () => {
        setText('');
        setQuick('');
        props.onTyping(false);
      },
    });
  };

  const onInput = (value: string) => {
    setText(value);
    const now = Date.now();
    if (now - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      props.onTyping(value !== '');
    }
  };

  return (
    <div className={styles.threadInner}>
      <header className={styles.threadHeader}>
        <div>
          <h2 className={styles.heading}>{customerLabel(t, conversation.customer)}</h2>
          <p className={styles.meta}>
            {t(`chatConsole.kind.${conversation.customer.kind}`)} · {t(`chatConsole.status.${conversation.status}`)}
            {conversation.firstReplyMs !== null &&
              ` · ${t('chatConsole.firstReply', { seconds: Math.round(conversation.firstReplyMs / 1000) })}`}
          </p>
        </div>
        <Button
          variant="secondary"
          loading={statusChange.isPending}
          onClick={() => statusChange.mutate(conversation.status === 'resolved' ? 'reopen' : 'close')}
        >
          {conversation.status === 'resolved' ? t('chatConsole.reopen') : t('chatConsole.close')}
        </Button>
      </header>
      {member && (
        <section className={styles.summary} aria-label={t('chatConsole.memberSummary')}>
          <dl className={ui.dl}>
            <dt>{t('chatConsole.username')}</dt>
            <dd>
              <Link to={`/members/${member.memberId}`}>{member.username}</Link>
            </dd>
            <dt>{t('chatConsole.balance')}</dt>
            <dd>{money(member.balance, member.currency)}</dd>
            <dt>{t('chatConsole.lastDeposits')}</dt>
            <dd>
              {member.lastDeposits.length === 0
                ? '–'
                : member.lastDeposits.map((d) => `${money(d.amount, member.currency)} (${when(d.createdAt)})`).join(', ')}
            </dd>
          </dl>
        </section>
      )}
      <ol className={styles.messages} aria-label={t('chatConsole.history')} aria-live="polite">
        {messages.map((entry) => (
          <li key={entry.seq} className={cx(styles.bubble, entry.sender === 'customer' ? styles.fromCustomer : styles.fromAgent)}>
            <span className={styles.meta}>
              {entry.sender === 'customer' ? customerLabel(t, conversation.customer) : t('chatConsole.agent')} · {when(entry.createdAt)}
            </span>
            <MessageBody entry={entry} />
            {entry.sender !== 'customer' && entry.seq <= data.customerReadSeq && (
              <span className={styles.meta}>{t('chatConsole.read')}</span>
            )}
          </li>
        ))}
        <li ref={bottom} className={styles.end} aria-hidden="true" />
      </ol>
      {props.customerTyping && <p className={styles.meta}>{t('chatConsole.typing')}</p>}
      <form className={styles.composer} onSubmit={send}>
        {(canned.data?.replies.length ?? 0) > 0 && (
          <SelectField
            label={t('chatConsole.canned')}
            value=""
            onChange={(event) => {
              const found = canned.data?.replies.find((r) => r.id === event.target.value);
              if (found) setText(found.text[lang]);
            }}
          >
            <option value="">{t('chatConsole.cannedPick')}</option>
            {canned.data?.replies.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </SelectField>
        )}
        <label className={ui.fieldLabel} htmlFor="chat-reply">
          {t('chatConsole.reply')}
        </label>
        <textarea
          id="chat-reply"
          className={cx(ui.textarea, styles.short)}
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) send(event);
          }}
        />
        <details className={styles.quick} open={quick !== ''}>
          <summary>{t('chatConsole.quickReplies')}</summary>
          <label className={ui.fieldLabel} htmlFor="chat-quick">
            {t('chatConsole.quickRepliesHint')}
          </label>
          <textarea
            id="chat-quick"
            className={cx(ui.textarea, styles.short)}
            rows={3}
            value={quick}
            onChange={(event) => setQuick(event.target.value)}
          />
        </details>
        {reply.error && <Notice tone="danger">{errorText(t, reply.error)}</Notice>}
        <div>
          <Button type="submit" loading={reply.isPending} disabled={isBlankText(text)}>
            {t('chatConsole.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
