import type { ColumnType, Generated } from 'kysely';

/** Written by the services from the injected Clock (tests move time). */
type At = ColumnType<Date, Date, Date>;

export type ChatStatus = 'open' | 'pending' | 'resolved';

export type ChatConversationsTable = {
  id: string;
  member_id: string | null;
  guest_id: string | null;
  status: Generated<ChatStatus>;
  assigned_agent_id: string | null;
  last_seq: Generated<number>;
  customer_read_seq: Generated<number>;
  agent_read_seq: Generated<number>;
  waiting_since: Date | null;
  first_customer_at: Date | null;
  first_reply_at: Date | null;
  last_message_at: Date | null;
  created_at: At;
  updated_at: At;
};

export type ChatMessagesTable = {
  id: ColumnType<string, never, never>;
  conversation_id: string;
  seq: number;
  sender: 'customer' | 'other';
  agent_id: string | null;
  /** The ZChatMessage as sent (validated by the contract before it is stored). */
  message: ColumnType<unknown, string, string>;
  username: string | null;
  name: string | null;
  device_token: string | null;
  session_id: string | null;
  client_id: string | null;
  created_at: At;
};

export type ChatMediaTable = {
  key: string;
  conversation_id: string;
  content_type: string;
  file_type: 'image' | 'video' | 'file';
  size: number;
  created_at: At;
};
