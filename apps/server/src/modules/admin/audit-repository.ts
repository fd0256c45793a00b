import { sql, type Kysely, type Selectable } from 'kysely';
import type { TAuditQuery } from '@jetton/contract/admin/audit';
import type { DB } from '../../db/schema.ts';
import type { AuditLogTable } from '../../db/tables/operators.ts';

/** Serializes appenders (any node): one chain, no two rows with the same predecessor. */
const AUDIT_LOCK_KEY = 7_160_016;

export type AuditRow = Selectable<AuditLogTable>;
export type AuditHead = { seq: number; hash: string };

/** What a new row is stored as (before and after as JSON text, or null). */
export type NewAuditRow = {
  seq: number;
  at: Date;
  operatorId: string | null;
  action: string;
  memberId: string | null;
  before: string | null;
  after: string | null;
  ledgerEntryId: string | null;
  ip: string | null;
  prevHash: string;
  hash: string;
  chain: number;
};

/** The audit_log table's reads and its two writes: append, and the start-up's re-chain of chain-1 rows. */
export const auditRepository = {
  /** Takes the chain's transaction lock: call inside the transaction that appends or re-chains. */
  async lockChain(trx: Kysely<DB>): Promise<void> {
    await sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`.execute(trx);
  },

  /** The last row's seq and hash; undefined for an empty trail. */
  async head(db: Kysely<DB>): Promise<AuditHead | undefined> {
    const last = await db.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    return last ? { seq: Number(last.seq), hash: last.hash } : undefined;
  },

  async hashAt(db: Kysely<DB>, seq: number): Promise<string | undefined> {
    const row = await db.selectFrom('audit_log').select('hash').where('seq', '=', String(seq)).executeTakeFirst();
    return row?.hash;
  },

  async append(trx: Kysely<DB>, row: NewAuditRow): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        seq: row.seq,
        at: row.at,
        operator_id: row.operatorId,
        action: row.action,
        member_id: row.memberId,
        before: row.before,
        after: row.after,
        ledger_entry_id: row.ledgerEntryId,
        ip: row.ip,
        prev_hash: row.prevHash,
        hash: row.hash,
        chain: row.chain,
      })
      .execute();
  },

  /** The search: newest first, one row more than the page (to tell whether an older page exists). */
  search(db: Kysely<DB>, q: TAuditQuery) {
    let query = db
      .selectFrom('audit_log as a')
      .leftJoin('operators as o', 'o.id', 'a.operator_id')
      .select(['a.seq', 'a.at', 'a.operator_id', 'o.login', 'a.action', 'a.member_id', 'a.before', 'a.after', 'a.ledger_entry_id', 'a.ip'])
      .orderBy('a.seq', 'desc')
      .limit(q.limit + 1);
    if (q.operatorId) query = query.where('a.operator_id', '=', q.operatorId);
    if (q.memberId) query = query.where('a.member_id', '=', q.memberId);
    if (q.action) query = query.where('a.action', 'like', `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (q.from) query = query.where('a.at', '>=', new Date(q.from));
    if (q.to) query = query.where('a.at', '<', new Date(q.to));
    if (q.before) query = query.where('a.seq', '<', String(q.before));
    return query.execute();
  },

  /** Rows from `fromSeq` on, in seq order. */
  page(db: Kysely<DB>, fromSeq: number, limit: number): Promise<AuditRow[]> {
    return db.selectFrom('audit_log').selectAll().where('seq', '>=', String(fromSeq)).orderBy('seq', 'asc').limit(limit).execute();
  },

  /** How many rows are still on the unkeyed chain 1. */
  async unkeyedCount(db: Kysely<DB>): Promise<number> {
    const row = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('chain', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The one update the database allows (migration 0037): a chain-1 row moved to the keyed chain, its content untouched. */
  async rechain(trx: Kysely<DB>, seq: number, prevHash: string, hash: string, chain: number): Promise<void> {
    await trx
      .updateTable('audit_log')
      .set({ prev_hash: prevHash, hash, chain })
      .where('seq', '=', String(seq))
      .where('chain', '=', 1)
      .execute();
  },
};
