import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { canonicalJson, GENESIS_HASH, KEYED_CHAIN, keyedRowHash, plainRowHash, type AuditKeys, type HashedFields } from './audit-chain.ts';
import { auditRepository as repo, type AuditHead, type AuditRow } from './audit-repository.ts';

/**
 * The audit trail (docs/operators.md, "Audit trail"): append-only rows (the
 * database refuses UPDATE, DELETE and TRUNCATE), each carrying the keyed hash of
 * the row before it, so an edited, removed or inserted row breaks the chain and
 * `verifyAuditChain` finds it, and nobody without the token secret can re-hash.
 *
 *   const audit = createAuditWriter(keys);   // once, in compose.ts; features receive `audit`
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

export { canonicalJson, GENESIS_HASH };

/** A value as jsonb will hand it back (Dates become strings), so the hash at write equals the hash at check. */
const normalize = (value: unknown): unknown => (value === undefined || value === null ? null : JSON.parse(canonicalJson(value)));

/** Appends one row to the audit trail, inside `db`'s transaction when it is one. */
export type AuditWriter = (db: Kysely<DB>, record: AuditRecord) => Promise<void>;

/**
 * The audit writer of one chain key (derived from the token secret): built once by
 * the composition and handed to every feature that records operator actions.
 */
export function createAuditWriter(keys: AuditKeys): AuditWriter {
  const write: AuditWriter = async (db, record) => {
    if (!db.isTransaction) return db.transaction().execute((trx) => write(trx, record));
    await appendAudit(db, keys, record);
  };
  return write;
}

async function appendAudit(db: Kysely<DB>, keys: AuditKeys, record: AuditRecord): Promise<void> {
  await repo.lockChain(db);
  const last = await repo.head(db);
  const seq = last ? last.seq + 1 : 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const fields: HashedFields = {
    seq,
    at: new Date((record.at ?? new Date()).getTime()),
    operatorId: record.operatorId,
    action: record.action,
    memberId: record.memberId ?? null,
    before: normalize(record.before),
    after: normalize(record.after),
    ledgerEntryId: record.ledgerEntryId === undefined || record.ledgerEntryId === null ? null : String(record.ledgerEntryId),
    ip: record.ip ?? null,
  };
  await repo.append(db, {
    ...fields,
    before: fields.before === null ? null : JSON.stringify(fields.before),
    after: fields.after === null ? null : JSON.stringify(fields.after),
    prevHash,
    hash: keyedRowHash(keys.chain, prevHash, fields),
    chain: KEYED_CHAIN,
  });
}

const fieldsOf = (row: AuditRow): HashedFields => ({
  seq: Number(row.seq),
  at: row.at,
  operatorId: row.operator_id,
  action: row.action,
  memberId: row.member_id,
  before: row.before,
  after: row.after,
  ledgerEntryId: row.ledger_entry_id,
  ip: row.ip,
});

export type AuditVerifyResult = {
  /** Every row follows and is keyed. */
  ok: boolean;
  rows: number;
  firstBadSeq: number | null;
  /** Rows still on the unkeyed chain 1 (the server re-chains them at start): anyone could have re-hashed those. */
  unkeyedRows: number;
};

/**
 * Walks the whole chain in seq order, in pages: each row's seq follows the one
 * before, its prev_hash is that row's hash, and its own hash matches its content
 * under its chain's scheme. Unkeyed rows may only come before every keyed one.
 */
export async function verifyAuditChain(db: Kysely<DB>, keys: AuditKeys, pageSize = 1000): Promise<AuditVerifyResult> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let rows = 0;
  let unkeyedRows = 0;
  let keyedSeen = false;
  for (;;) {
    const page = await repo.page(db, expectedSeq, pageSize);
    for (const row of page) {
      const fields = fieldsOf(row);
      const keyed = row.chain === KEYED_CHAIN;
      const hash = keyed ? keyedRowHash(keys.chain, prevHash, fields) : plainRowHash(prevHash, fields);
      if (fields.seq !== expectedSeq || row.prev_hash !== prevHash || row.hash !== hash || (keyedSeen && !keyed)) {
        return { ok: false, rows, firstBadSeq: fields.seq !== expectedSeq ? expectedSeq : fields.seq, unkeyedRows };
      }
      keyedSeen ||= keyed;
      if (!keyed) unkeyedRows++;
      prevHash = row.hash;
      expectedSeq++;
      rows++;
    }
    if (page.length < pageSize) return { ok: unkeyedRows === 0, rows, firstBadSeq: null, unkeyedRows };
  }
}

export type RechainOutcome = { rechained: number; refusedAtSeq: number | null };

/**
 * Moves the rows written before the key (chain 1, unkeyed) onto the keyed chain,
 * once, at start-up under the start-up lock: each is checked under the old scheme
 * first, so a row that was already tampered with is never blessed with a keyed
 * hash (the re-chain then stops there and `audit:check` names the row).
 */
export async function rechainUnkeyedAudit(db: Kysely<DB>, keys: AuditKeys, pageSize = 1000): Promise<RechainOutcome> {
  if ((await repo.unkeyedCount(db)) === 0) return { rechained: 0, refusedAtSeq: null };
  return db.transaction().execute(async (trx) => {
    await repo.lockChain(trx);
    let oldPrev = GENESIS_HASH;
    let newPrev = GENESIS_HASH;
    let expectedSeq = 1;
    let rechained = 0;
    for (;;) {
      const page = await repo.page(trx, expectedSeq, pageSize);
      for (const row of page) {
        const fields = fieldsOf(row);
        if (row.chain === KEYED_CHAIN) {
          // Keyed rows follow the unkeyed ones: the first keyed row must now point at the re-chained tail.
          return { rechained, refusedAtSeq: row.prev_hash === newPrev ? null : fields.seq };
        }
        if (fields.seq !== expectedSeq || row.prev_hash !== oldPrev || row.hash !== plainRowHash(oldPrev, fields)) {
          return { rechained, refusedAtSeq: fields.seq };
        }
        const hash = keyedRowHash(keys.chain, newPrev, fields);
        await repo.rechain(trx, fields.seq, newPrev, hash, KEYED_CHAIN);
        oldPrev = row.hash;
        newPrev = hash;
        expectedSeq++;
        rechained++;
      }
      if (page.length < pageSize) return { rechained, refusedAtSeq: null };
    }
  });
}

/** The chain's last row (seq 0 and the genesis hash for an empty trail). */
export async function auditHead(db: Kysely<DB>): Promise<AuditHead> {
  return (await repo.head(db)) ?? { seq: 0, hash: GENESIS_HASH };
}

/** The hash the row at `seq` holds now (the genesis hash for seq 0), or undefined when there is no such row. */
export async function auditHashAt(db: Kysely<DB>, seq: number): Promise<string | undefined> {
  return seq === 0 ? GENESIS_HASH : repo.hashAt(db, seq);
}
