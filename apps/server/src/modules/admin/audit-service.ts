import type { Kysely } from 'kysely';
import type { TAuditCheckpoint, TAuditEntry, TAuditQuery, TAuditVerify } from '@jetton/contract/admin/audit';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { AuditKeys } from './audit-chain.ts';
import { currentCheckpoint } from './audit-checkpoints.ts';
import { verifyAuditChain } from './audit-log.ts';
import { auditRepository as repo } from './audit-repository.ts';

/**
 * Searching the audit trail (newest first, paged by seq), checking its chain and
 * signing a checkpoint of its head: docs/operators.md, "Audit trail".
 */
export function createAuditService(db: Kysely<DB>, deps: { keys: AuditKeys; clock: Clock }) {
  return {
    async search(q: TAuditQuery): Promise<{ entries: TAuditEntry[]; nextBefore: number | null }> {
      const rows = await repo.search(db, q);
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
