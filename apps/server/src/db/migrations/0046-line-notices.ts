import { sql, type Kysely } from 'kysely';

/**
 * LINE notices (docs/operations.md, "LINE"): members' linked LINE accounts with
 * the notices each chose, the short-lived codes they send the bot to link, the
 * outbox every node sends from (one row per notice, its dedupe key unique, so
 * a notice derived on two nodes is stored and sent once), and how far each
 * feed of events has been read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table line_links (
      member_id uuid primary key,
      line_user_id text not null unique,
      lang text not null check (lang in ('th', 'la', 'en')),
      notify_deposit boolean not null default true,
      notify_withdrawal boolean not null default true,
      notify_chat boolean not null default true,
      linked_at timestamptz not null
    )`.execute(db);
  await sql`
    create table line_link_codes (
      code text primary key,
      member_id uuid not null unique,
      lang text not null check (lang in ('th', 'la', 'en')),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table line_outbox (
      id uuid primary key,
      dedupe_key text not null unique,
      target text not null,
      kind text not null,
      lang text not null check (lang in ('th', 'la', 'en')),
      params text not null default '{}',
      status text not null check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      retry_key uuid not null,
      last_error text,
      created_at timestamptz not null,
      sent_at timestamptz
    )`.execute(db);
  await sql`create index line_outbox_due_idx on line_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create table line_feed_cursors (feed text primary key, read_to timestamptz not null, read_id bigint not null default 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists line_feed_cursors`.execute(db);
  await sql`drop table if exists line_outbox`.execute(db);
  await sql`drop table if exists line_link_codes`.execute(db);
  await sql`drop table if exists line_links`.execute(db);
}
