import type { Kysely } from 'kysely';
import type { TAuditCheckpoint, TAuditEntry, TAuditQuery, TAuditVerify } from '@jetton/contract/admin/audit';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { AuditKeys } from './audit-chain.ts';
import { currentCheckpoint } from './audit-checkpoints.ts';
import { verifyAuditChain } from './audit-log.ts';

/**
 * Searching the audit trail (newest first, paged by seq), checking its chain and
 * signing a checkpoint of its head: docs/operators.md, "Audit trail".
 */
export function createAuditService(db: Kysely<DB>, deps: { keys: AuditKeys; clock: Clock }) {
  return {
    async search(q: TAuditQuery): Promise<{ entries: TAuditEntry[]; nextBefore: number | null }> {
      let query = db
        .selectFrom('audit_log as a')
        .leftJoin('operators as o', 'o.id', 'a.operator_id')
        .select([
          'a.seq',
          'a.at',
          'a.operator_id',
          'o.login',
          'a.action',
          'a.member_id',
          'a.before',
          'a.after',
          'a.ledger_entry_id',
          'a.ip',
        ])
        .orderBy('a.seq', 'desc')
        .limit(q.limit + 1);
      if (q.operatorId) query = query.where('a.operator_id', '=', q.operatorId);
      if (q.memberId) query = query.where('a.member_id', '=', q.memberId);
      if (q.action) query = query.where('a.action', 'like', `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (q.from) query = query.where('a.at', '>=', new Date(q.from));
      if (q.to) query = query.where('a.at', '<', new Date(q.to));
      if (q.before) query = query.where('a.seq', '<', String(q.before));
      const rows = await query.execute();
      const page = rows.slice(0, q.limit);
      return {
        entries: page.map((r) => ({
          seq: Number(r.seq),
          at: r.at.toISOString(),
          operatorId: r.operator_id,
          operatorLogin: r.login,
          action: r.action,
          memberId: r.member_id,
          before: r.before ?? null,
          after: r.after ?? null,
          ledgerEntryId: r.ledger_entry_id,
          ip: r.ip,
        })),
        nextBefore: rows.length > q.limit ? Number(page[page.length - 1]?.seq) : null,
      };
    },
    verify: (): Promise<TAuditVerify> => verifyAuditChain(db, deps.keys),
    checkpoint: (): Promise<TAuditCheckpoint> => currentCheckpoint(db, deps.keys, deps.clock.now()),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
