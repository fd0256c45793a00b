import { sql, type Kysely } from 'kysely';

/**
 * Support chat (docs/chat.md). One conversation per member or guest; its
 * messages numbered 1, 2, ... (seq) so a client can tell a gap and backfill
 * from its last seq. Read marks are seqs on the conversation. `client_id`
 * makes a resent message land once. Media rows tie an upload to the
 * conversation that sent it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_conversations (
      id uuid primary key,
      member_id uuid references members(id),
      guest_id text,
      status text not null default 'open' check (status in ('open', 'pending', 'resolved')),
      assigned_agent_id text,
      last_seq integer not null default 0,
      customer_read_seq integer not null default 0,
      agent_read_seq integer not null default 0,
      waiting_since timestamptz,
      first_customer_at timestamptz,
      first_reply_at timestamptz,
      last_message_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((member_id is null) <> (guest_id is null))
    )`.execute(db);
  await sql`create unique index chat_conversations_member_idx on chat_conversations (member_id) where member_id is not null`.execute(db);
  await sql`create unique index chat_conversations_guest_idx on chat_conversations (guest_id) where guest_id is not null`.execute(db);
  // The agents' list: longest waiting first, then the most recent.
  await sql`create index chat_conversations_queue_idx on chat_conversations (waiting_since asc nulls last, last_message_at desc)`.execute(
    db,
  );

  await sql`
    create table chat_messages (
      id bigint generated always as identity primary key,
      conversation_id uuid not null references chat_conversations(id),
      seq integer not null,
      sender text not null check (sender in ('customer', 'other')),
      agent_id text,
      message jsonb not null,
      username text,
      name text,
      device_token text,
      session_id text,
      client_id text,
      created_at timestamptz not null,
      unique (conversation_id, seq)
    )`.execute(db);
  await sql`create unique index chat_messages_client_idx on chat_messages (conversation_id, client_id) where client_id is not null`.execute(
    db,
  );

  await sql`
    create table chat_media (
      key text primary key,
      conversation_id uuid not null references chat_conversations(id),
      content_type text not null,
      file_type text not null check (file_type in ('image', 'video', 'file')),
      size integer not null,
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table chat_media`.execute(db);
  await sql`drop table chat_messages`.execute(db);
  await sql`drop table chat_conversations`.execute(db);
}
