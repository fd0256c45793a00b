import { sql, type Kysely } from 'kysely';

/**
 * Web Push (docs/member-web.md, "Push notices"): the browsers a member
 * subscribed, with the notices each wants and its language; the outbox every
 * node sends from (one row per notice and subscription, its dedupe key unique,
 * so a notice derived on two nodes is stored and sent once); how far each feed
 * of events has been read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id uuid primary key,
      member_id uuid not null references members (id),
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      lang text not null check (lang in ('th', 'la', 'en')),
      notify_deposit boolean not null default true,
      notify_withdrawal boolean not null default true,
      notify_chat boolean not null default true,
      notify_bonus boolean not null default true,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index push_subscriptions_member_idx on push_subscriptions (member_id)`.execute(db);
  await sql`
    create table push_outbox (
      id uuid primary key,
      dedupe_key text not null unique,
      subscription_id uuid not null references push_subscriptions (id) on delete cascade,
      kind text not null,
      params text not null default '{}',
      status text not null check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text,
      created_at timestamptz not null,
      sent_at timestamptz
    )`.execute(db);
  await sql`create index push_outbox_due_idx on push_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create table push_feed_cursors (feed text primary key, read_to timestamptz not null, read_id bigint not null default 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table push_feed_cursors`.execute(db);
  await sql`drop table push_outbox`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
