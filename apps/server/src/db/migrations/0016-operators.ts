import { sql, type Kysely } from 'kysely';

/**
 * The back office (docs/operators.md): operators with roles and a sealed TOTP
 * secret, their sessions (separate from members'), single-use recovery codes,
 * and the append-only audit trail whose rows are chained by hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operators (
      id uuid primary key,
      login text not null unique,
      name text not null,
      password_hash text not null,
      roles text[] not null,
      active boolean not null default true,
      totp_secret_sealed text,
      totp_enrolled_at timestamptz,
      totp_last_step bigint,
      totp_exempt boolean not null default false,
      must_change_password boolean not null default true,
      last_login_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);

  await sql`
    create table operator_sessions (
      id uuid primary key,
      operator_id uuid not null references operators(id),
      ip text,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index operator_sessions_operator_idx on operator_sessions (operator_id) where revoked_at is null`.execute(db);

  await sql`
    create table operator_recovery_codes (
      operator_id uuid not null references operators(id),
      code_hash text not null,
      used_at timestamptz,
      primary key (operator_id, code_hash)
    )`.execute(db);

  // seq is chosen under a lock by the writer (gapless); hash = sha256(prev_hash + the row), see audit-log.ts.
  await sql`
    create table audit_log (
      seq bigint primary key,
      at timestamptz not null,
      operator_id uuid,
      action text not null,
      member_id uuid,
      before jsonb,
      after jsonb,
      ledger_entry_id text,
      ip text,
      prev_hash text not null,
      hash text not null
    )`.execute(db);
  await sql`create index audit_log_operator_idx on audit_log (operator_id, seq desc)`.execute(db);
  await sql`create index audit_log_member_idx on audit_log (member_id, seq desc) where member_id is not null`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, seq desc)`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
  await sql`drop table operator_recovery_codes`.execute(db);
  await sql`drop table operator_sessions`.execute(db);
  await sql`drop table operators`.execute(db);
}
