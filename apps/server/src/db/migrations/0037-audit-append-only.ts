import { sql, type Kysely } from 'kysely';

/**
 * The audit trail becomes append-only in the database itself (docs/operators.md,
 * "Audit trail"): UPDATE, DELETE and TRUNCATE on audit_log raise an exception,
 * whoever asks. Rows get a `chain` number: 1 for the unkeyed sha256 chain written
 * before this migration, 2 for the keyed chain (HMAC with a key derived from the
 * token secret, which the database never holds). The one update the guard lets
 * through is the start-up's re-chain of a chain-1 row into chain 2, which may
 * change only prev_hash, hash and chain: what a row says can never change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log add column chain smallint not null default 1`.execute(db);
  // New rows name their chain: a writer that does not know about the key fails loudly instead of writing chain 1.
  await sql`alter table audit_log alter column chain drop default`.execute(db);
  await sql`alter table audit_log add constraint audit_log_chain_check check (chain in (1, 2))`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.chain = 1 and new.chain = 2
        and new.seq = old.seq and new.at = old.at and new.action = old.action
        and new.operator_id is not distinct from old.operator_id
        and new.member_id is not distinct from old.member_id
        and new.before is not distinct from old.before
        and new.after is not distinct from old.after
        and new.ledger_entry_id is not distinct from old.ledger_entry_id
        and new.ip is not distinct from old.ip then
        return new;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_no_update_delete before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop trigger audit_log_no_update_delete on audit_log`.execute(db);
  await sql`drop function audit_log_append_only()`.execute(db);
  await sql`alter table audit_log drop constraint audit_log_chain_check`.execute(db);
  await sql`alter table audit_log drop column chain`.execute(db);
}
