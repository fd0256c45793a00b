import { sql, type Kysely } from 'kysely';

/**
 * Player care (docs/player-care.md): each member's deposit, loss and wager
 * limits per day, week and month, with a raise that waits out its cooling
 * period; every change to them; breaks (cool-off, self-exclusion), with the
 * member row carrying the current one so the member guard reads it in the
 * session query it already makes; deposits that arrived past a limit or
 * during a break, held for a person; and which phone numbers and bank
 * accounts may not register while their owner's exclusion lasts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table play_limits (
      member_id uuid not null references members (id),
      kind text not null check (kind in ('deposit', 'loss', 'wager')),
      period text not null check (period in ('day', 'week', 'month')),
      amount bigint not null check (amount > 0),
      pending_amount bigint check (pending_amount is null or pending_amount > 0),
      pending_removal boolean not null default false,
      pending_due_at timestamptz,
      updated_at timestamptz not null,
      primary key (member_id, kind, period),
      check ((pending_amount is null and not pending_removal) = (pending_due_at is null))
    )`.execute(db);
  await sql`
    create table play_limit_changes (
      id uuid primary key,
      member_id uuid not null references members (id),
      kind text not null,
      period text not null,
      action text not null check (action in ('set', 'lowered', 'raise-requested', 'raised', 'raise-cancelled', 'removal-requested', 'removed')),
      amount_before bigint,
      amount_after bigint,
      at timestamptz not null
    )`.execute(db);
  await sql`create index play_limit_changes_member_idx on play_limit_changes (member_id, at desc)`.execute(db);
  await sql`
    create table play_limit_hits (
      id uuid primary key,
      member_id uuid not null references members (id),
      kind text not null,
      period text not null,
      amount bigint not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index play_limit_hits_at_idx on play_limit_hits (at desc)`.execute(db);

  await sql`
    create table play_breaks (
      id uuid primary key,
      member_id uuid not null references members (id),
      kind text not null check (kind in ('cool-off', 'self-exclusion')),
      starts_at timestamptz not null,
      ends_at timestamptz,
      ended_early_at timestamptz,
      ended_by uuid,
      end_reason text,
      check (kind = 'self-exclusion' or ends_at is not null)
    )`.execute(db);
  await sql`create index play_breaks_member_idx on play_breaks (member_id, starts_at desc)`.execute(db);
  // The break in force, on the row the session query reads: no extra query per request.
  await sql`alter table members add column break_kind text check (break_kind in ('cool-off', 'self-exclusion'))`.execute(db);
  await sql`alter table members add column break_ends_at timestamptz`.execute(db);

  await sql`
    create table care_holds (
      id uuid primary key,
      member_id uuid not null references members (id),
      currency text not null,
      amount bigint not null check (amount > 0),
      entry_kind text not null,
      reference text not null,
      reason text not null check (reason in ('DEPOSIT_LIMIT', 'ON_BREAK')),
      status text not null check (status in ('held', 'released')),
      held_at timestamptz not null,
      released_at timestamptz,
      released_by uuid,
      unique (entry_kind, reference)
    )`.execute(db);
  await sql`create index care_holds_held_idx on care_holds (held_at) where status = 'held'`.execute(db);
  // Reality checks: the member's interval (0: off) and their play session, started by a transfer into a game.
  await sql`alter table members add column reality_check_minutes integer not null default 0 check (reality_check_minutes in (0, 30, 60, 120))`.execute(
    db,
  );
  await sql`
    create table play_sessions (
      member_id uuid primary key references members (id),
      started_at timestamptz not null,
      last_play_at timestamptz not null,
      last_check_at timestamptz not null,
      games_at_check bigint not null
    )`.execute(db);
  // Deposits into the wallet at the app's clock, for the deposit limits' periods (the ledger's times are the database's).
  await sql`
    create table care_deposits (
      entry_id bigint primary key,
      member_id uuid not null,
      amount bigint not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index care_deposits_member_idx on care_deposits (member_id, at)`.execute(db);
  // A held deposit let into the wallet is a deposit line on the member's statement.
  await sql`insert into statement_entry_kinds (kind_prefix, statement_type) values ('care.release', 'deposit')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from statement_entry_kinds where kind_prefix = 'care.release'`.execute(db);
  await sql`drop table care_deposits`.execute(db);
  await sql`drop table play_sessions`.execute(db);
  await sql`alter table members drop column reality_check_minutes`.execute(db);
  await sql`drop table care_holds`.execute(db);
  await sql`alter table members drop column break_ends_at`.execute(db);
  await sql`alter table members drop column break_kind`.execute(db);
  await sql`drop table play_breaks`.execute(db);
  await sql`drop table play_limit_hits`.execute(db);
  await sql`drop table play_limit_changes`.execute(db);
  await sql`drop table play_limits`.execute(db);
}
