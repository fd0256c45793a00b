import { sql, type Kysely } from 'kysely';

/**
 * The money desk (docs/money-desk.md): four-eyes approvals of large
 * withdrawals, manual adjustments against the `adjustment` account, the
 * decision trail on withdrawals, and payouts held while their outcome at the
 * bank is unknown. Operator ids are not foreign keys: the desk's rows outlive
 * whatever becomes of an operator's account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who decided a withdrawal and why; when its payout's outcome first became unknown, and when it became a finding.
  await sql`alter table withdrawals add column decided_by uuid`.execute(db);
  await sql`alter table withdrawals add column decision_reason text`.execute(db);
  await sql`alter table withdrawals add column unknown_since timestamptz`.execute(db);
  await sql`alter table withdrawals add column held_at timestamptz`.execute(db);
  await sql`create index withdrawals_held_idx on withdrawals (unknown_since) where unknown_since is not null and status = 'paying'`.execute(
    db,
  );
  await sql`create index withdrawals_recent_idx on withdrawals (created_at desc, id desc)`.execute(db);

  // A maker's proposal to approve a withdrawal above the four-eyes amount; a checker confirms it.
  await sql`
    create table withdrawal_approvals (
      id uuid primary key,
      withdrawal_id uuid not null references withdrawals(id),
      proposed_by uuid not null,
      proposed_at timestamptz not null,
      status text not null check (status in ('pending', 'confirmed', 'cancelled')),
      decided_by uuid,
      decided_at timestamptz,
      check (status <> 'confirmed' or decided_by <> proposed_by)
    )`.execute(db);
  // One open proposal per withdrawal: a second one is refused by the database, even concurrently.
  await sql`create unique index withdrawal_approvals_one_pending on withdrawal_approvals (withdrawal_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index withdrawal_approvals_withdrawal_idx on withdrawal_approvals (withdrawal_id)`.execute(db);

  // A manual credit or debit of a member's wallet; its ledger entry is kind adjustment.<direction>, reference = id.
  await sql`
    create table adjustments (
      id uuid primary key,
      member_id uuid not null references members(id),
      currency text not null check (currency in ('THB', 'LAK')),
      direction text not null check (direction in ('credit', 'debit')),
      amount bigint not null check (amount > 0),
      reason text not null check (length(reason) > 0),
      status text not null check (status in ('pending', 'posted', 'rejected')),
      proposed_by uuid not null,
      proposed_at timestamptz not null,
      decided_by uuid,
      decided_at timestamptz,
      decision_reason text,
      -- Above the four-eyes amount: posted only when a second operator confirms.
      four_eyes boolean not null,
      entry_id bigint references journal_entries(id),
      check (status <> 'posted' or entry_id is not null),
      check (not four_eyes or status <> 'posted' or decided_by <> proposed_by)
    )`.execute(db);
  await sql`create index adjustments_pending_idx on adjustments (proposed_at) where status = 'pending'`.execute(db);
  await sql`create index adjustments_member_idx on adjustments (member_id, proposed_at desc)`.execute(db);
  await sql`create index adjustments_recent_idx on adjustments (proposed_at desc, id desc)`.execute(db);

  // The adjustment's ledger entry on the wallet is the member's statement line (docs/growth.md, "Adding a line kind").
  await sql`insert into statement_entry_kinds (kind_prefix, statement_type) values ('adjustment.', 'adjustment')`.execute(db);

  // The slip desk lists by status and time.
  await sql`create index slips_status_created_idx on slips (status, created_at desc)`.execute(db);

  // The dashboard's last 7 days: entries, new members and deposit lines by time.
  await sql`create index if not exists journal_entries_created_idx on journal_entries (created_at)`.execute(db);
  await sql`create index if not exists members_created_idx on members (created_at)`.execute(db);
  await sql`create index statement_lines_deposit_created_idx on statement_lines (created_at) where statement_type = 'deposit'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index statement_lines_deposit_created_idx`.execute(db);
  await sql`drop index if exists members_created_idx`.execute(db);
  await sql`drop index if exists journal_entries_created_idx`.execute(db);
  await sql`drop index slips_status_created_idx`.execute(db);
  await sql`delete from statement_entry_kinds where kind_prefix = 'adjustment.'`.execute(db);
  await sql`drop table adjustments`.execute(db);
  await sql`drop table withdrawal_approvals`.execute(db);
  await sql`drop index withdrawals_recent_idx`.execute(db);
  await sql`drop index withdrawals_held_idx`.execute(db);
  for (const column of ['held_at', 'unknown_since', 'decision_reason', 'decided_by']) {
    await sql`alter table withdrawals drop column ${sql.ref(column)}`.execute(db);
  }
}
