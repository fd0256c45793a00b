import type { ColumnType, Generated } from 'kysely';

type At = ColumnType<Date, Date, Date>;
export type LineLang = 'th' | 'la' | 'en';

export type LineLinksTable = {
  member_id: string;
  line_user_id: string;
  lang: LineLang;
  notify_deposit: Generated<boolean>;
  notify_withdrawal: Generated<boolean>;
  notify_chat: Generated<boolean>;
  linked_at: At;
};

export type LineLinkCodesTable = { code: string; member_id: string; lang: LineLang; expires_at: At };

export type LineOutboxStatus = 'pending' | 'sent' | 'failed';

export type LineOutboxTable = {
  id: string;
  /** What makes a notice one notice: its kind and the event's id (a second insert of it is skipped). */
  dedupe_key: string;
  /** A LINE user id (U...) or group id (C...). */
  target: string;
  kind: string;
  lang: LineLang;
  /** JSON text: the values the text of this kind is filled with. */
  params: Generated<string>;
  status: LineOutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: At;
  /** Sent as X-Line-Retry-Key on every attempt: LINE accepts one push per key. */
  retry_key: string;
  last_error: string | null;
  created_at: At;
  sent_at: Date | null;
};

/** read_to: how far a feed read by the app's clock; read_id: by ledger entry id (the ledger's times are the database's). */
export type LineFeedCursorsTable = { feed: string; read_to: At; read_id: ColumnType<bigint, bigint | undefined, bigint> };
