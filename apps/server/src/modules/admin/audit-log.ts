import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The audit trail (docs/operators.md, "Audit trail"): append-only rows, each
 * carrying the hash of the row before it, so an edited, removed or inserted row
 * breaks the chain and `verifyAuditChain` finds it.
 *
 *   import { audit } from '../admin/audit-log.ts';
 *   await audit(trx, { operatorId, action: 'withdrawal.approve', memberId, before, after, ledgerEntryId });
 *
 * Pass the transaction that makes the change, so the row lands with it or not at all.
 */
export type AuditRecord = {
  /** Null for the system or an unknown login (a failed login names the login in `after`). */
  operatorId: string | null;
  /** `area.verb`, e.g. `auth.login`, `settings.update`, `withdrawal.reject`. */
  action: string;
  memberId?: string | null;
  before?: unknown;
  after?: unknown;
  ledgerEntryId?: string | number | bigint | null;
  ip?: string | null;
  /** When it happened: pass the injected Clock's now (defaults to the system time). */
  at?: Date;
};

/** The hash of the first row's "previous row". */
export const GENESIS_HASH = '0'.repeat(64);
/** Serializes appenders (any node): one chain, no two rows with the same predecessor. */
const AUDIT_LOCK_KEY = 7_160_016;

/** JSON with object keys sorted at every depth: jsonb reorders keys, the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

type HashedFields = {
  seq: number;
  at: Date;
  operatorId: string | null;
  action: string;
  memberId: string | null;
  before: unknown;
  after: unknown;
  ledgerEntryId: string | null;
  ip: string | null;
};

export function rowHash(prevHash: string, row: HashedFields): string {
  const body = canonicalJson([
    row.seq,
    row.at.toISOString(),
    row.operatorId,
    row.action,
    row.memberId,
    row.before ?? null,
    row.after ?? null,
    row.ledgerEntryId,
    row.ip,
  ]);
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}

/** A value as jsonb will hand it back (Dates become strings), so the hash at write equals the hash at check. */
const normalize = (value: unknown): unknown => (value === undefined || value === null ? null : JSON.parse(canonicalJson(value)));

/** Appends one row to the audit trail, inside `db`'s transaction when it is one. */
export async function audit(db: Kysely<DB>, record: AuditRecord): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => audit(trx, record));
    return;
  }
  await sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`.execute(db);
  const last = await db.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const seq = last ? Number(last.seq) + 1 : 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const at = new Date((record.at ?? new Date()).getTime());
  const fields: HashedFields = {
    seq,
    at,
    operatorId: record.operatorId,
    action: record.action,
    memberId: record.memberId ?? null,
    before: normalize(record.before),
    after: normalize(record.after),
    ledgerEntryId: record.ledgerEntryId === undefined || record.ledgerEntryId === null ? null : String(record.ledgerEntryId),
    ip: record.ip ?? null,
  };
  await db
    .insertInto('audit_log')
    .values({
      seq,
      at,
      operator_id: fields.operatorId,
      action: fields.action,
      member_id: fields.memberId,
      before: fields.before === null ? null : JSON.stringify(fields.before),
      after: fields.after === null ? null : JSON.stringify(fields.after),
      ledger_entry_id: fields.ledgerEntryId,
      ip: fields.ip,
      prev_hash: prevHash,
      hash: rowHash(prevHash, fields),
    })
    .execute();
}

export type AuditVerifyResult = { ok: boolean; rows: number; firstBadSeq: number | null };

/**
 * Walks the whole chain in seq order, in pages: each row's seq follows the one
 * before, its prev_hash is that row's hash, and its own hash matches its content.
 */
export async function verifyAuditChain(db: Kysely<DB>, pageSize = 1000): Promise<AuditVerifyResult> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let rows = 0;
  for (;;) {
    const page = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>=', String(expectedSeq))
      .orderBy('seq', 'asc')
      .limit(pageSize)
      .execute();
    for (const row of page) {
      const seq = Number(row.seq);
      const fields: HashedFields = {
        seq,
        at: row.at,
        operatorId: row.operator_id,
        action: row.action,
        memberId: row.member_id,
        before: row.before,
        after: row.after,
        ledgerEntryId: row.ledger_entry_id,
        ip: row.ip,
      };
      if (seq !== expectedSeq || row.prev_hash !== prevHash || row.hash !== rowHash(prevHash, fields)) {
        return { ok: false, rows, firstBadSeq: seq !== expectedSeq ? expectedSeq : seq };
      }
      prevHash = row.hash;
      expectedSeq++;
      rows++;
    }
    if (page.length < pageSize) return { ok: true, rows, firstBadSeq: null };
  }
}
