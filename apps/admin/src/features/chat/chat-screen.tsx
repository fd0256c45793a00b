import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAT_STATUSES,
  type TChatAgentConversationResponse,
  type TChatConversationSummary,
  type TChatStatus,
} from '@jetton/contract/chat-agent';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { SelectField } from '@jetton/ui/components/select-field';
import { cx } from '@jetton/ui/lib/cx';
import { when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { backfillConversation, chatKeys, useConversations, withEntry } from './chat-api';
import { ConversationView } from './conversation-view';
import { customerLabel } from './customer-label';
import { useAgentSocket } from './use-agent-socket';
import styles from './chat-screen.module.css';

/**
 * The agents' console (docs/chat.md, "Agents' console"): every conversation, the one opened with its
 * history and the member's summary, new messages as they arrive on the agents' socket, replies.
 */
export function ChatScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TChatStatus | ''>('');
  const [openId, setOpenId] = useState<string>();
  const [typing, setTyping] = useState<Record<string, boolean>>({});
  const list = useConversations(status);
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'list'] });
  const socket = useAgentSocket({
    messaging: ({ conversationId, entry }) => {
      queryClient.setQueryData<TChatAgentConversationResponse>(chatKeys.conversation(conversationId), (data) => withEntry(data, entry));
      if (entry.sender === 'customer') setTyping((now) => ({ ...now, [conversationId]: false }));
      refreshList();
    },
    conversation: (summary) => {
      queryClient.setQueryData<TChatAgentConversationResponse>(chatKeys.conversation(summary.conversationId), (data) =>
        data ? { ...data, conversation: summary } : data,
      );
      refreshList();
    },
    read: ({ conversationId, seq }) =>
      queryClient.setQueryData<TChatAgentConversationResponse>(chatKeys.conversation(conversationId), (data) =>
        data ? { ...data, customerReadSeq: Math.max(data.customerReadSeq, seq) } : data,
      ),
    typing: ({ conversationId, typing: on }) => setTyping((now) => ({ ...now, [conversationId]: on })),
    // Connected again (maybe to another node, after a restart) or told to: the list read again, the
    // open conversation backfilled after its last seq (read whole if that fails).
    resync: () => {
      refreshList();
      if (!openId) return;
      backfillConversation(queryClient, openId).catch(
        () => void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(openId) }),
      );
    },
  });
  const rows = list.data?.conversations ?? [];
  return (
    <div className={styles.console}>
      <section className={styles.list} aria-labelledby="chat-list-title">
        <div className={styles.listHeader}>
          <h2 id="chat-list-title" className={styles.heading}>
            {t('chatConsole.conversations')}
          </h2>
          <span className={cx(ui.badge, socket.online ? ui.badgeSuccess : ui.badgeDanger)} role="status">
            {socket.online ? t('chatConsole.live') : t('chatConsole.offline')}
          </span>
        </div>
        <SelectField label={t('filters.status')} value={status} onChange={(event) => setStatus(event.target.value as TChatStatus | '')}>
          <option value="">{t('chatConsole.status.all')}</option>
          {CHAT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`chatConsole.status.${value}`)}
            </option>
          ))}
        </SelectField>
        {list.error && <Notice tone="danger">{errorText(t, list.error)}</Notice>}
        {list.isSuccess && rows.length === 0 && <p className={ui.empty}>{t('chatConsole.noConversations')}</p>}
        <ul className={styles.rows}>
          {rows.map((row) => (
            <li key={row.conversationId}>
              <ConversationRow
                row={row}
                open={row.conversationId === openId}
                typing={typing[row.conversationId] === true}
                onOpen={setOpenId}
              />
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.thread} aria-label={t('chatConsole.conversation')}>
        {openId ? (
          <ConversationView
            key={openId}
            conversationId={openId}
            customerTyping={typing[openId] === true}
            onTyping={(on) => socket.typing(openId, on)}
          />
        ) : (
          <p className={ui.empty}>{t('chatConsole.pick')}</p>
        )}
      </section>
    </div>
  );
}

function ConversationRow(props: { row: TChatConversationSummary; open: boolean; typing: boolean; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const { row } = props;
  const last = row.lastMessage;
  const preview = last ? (last.message.message_type === 'media' ? t('chatConsole.media') : (last.message.payload ?? '')) : '';
  return (
    <button
      type="button"
      className={cx(styles.row, props.open && styles.rowOpen)}
      aria-current={props.open ? 'true' : undefined}
      onClick={() => props.onOpen(row.conversationId)}
    >
      <span className={styles.rowTop}>
        <strong className={styles.who}>{customerLabel(t, row.customer)}</strong>
        <span className={cx(ui.badge, row.customer.kind === 'member' ? ui.badgeAccent : undefined)}>
          {t(`chatConsole.kind.${row.customer.kind}`)}
        </span>
        {row.unread > 0 && <span className={cx(ui.badge, ui.badgeDanger)}>{t('chatConsole.unread', { count: row.unread })}</span>}
      </span>
      {/* What a member or an agent wrote stays as written: not the page's words to translate. */}
      <span className={styles.preview} translate={props.typing || last?.message.message_type === 'media' ? undefined : 'no'}>
        {props.typing ? t('chatConsole.typing') : preview}
      </span>
      <span className={styles.meta}>
        {t(`chatConsole.status.${row.status}`)} ·{' '}
        {row.waitingSince ? t('chatConsole.waitingSince', { time: when(row.waitingSince) }) : when(row.lastMessageAt)}
      </span>
    </button>
  );
}
