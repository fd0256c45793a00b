import type { ColumnType, Generated } from 'kysely';
import type { LineLang } from './line.ts';

export type PushSubscriptionsTable = {
  id: string;
  member_id: string;
  /** The push service's URL for this browser (RFC 8030). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  lang: LineLang;
  notify_deposit: Generated<boolean>;
  notify_withdrawal: Generated<boolean>;
  notify_chat: Generated<boolean>;
  notify_bonus: Generated<boolean>;
  created_at: Date;
};

export type PushOutboxTable = {
  id: string;
  dedupe_key: string;
  subscription_id: string;
  kind: string;
  params: Generated<string>;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
};

export type PushFeedCursorsTable = { feed: string; read_to: Date; read_id: ColumnType<bigint, bigint | undefined, bigint> };
