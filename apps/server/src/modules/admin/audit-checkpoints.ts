import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { checkpointSignatureOk, signCheckpoint, type AuditCheckpoint, type AuditKeys } from './audit-chain.ts';
import { auditHashAt, auditHead, verifyAuditChain, type AuditVerifyResult } from './audit-log.ts';

/**
 * Signed checkpoints of the audit chain's head (docs/operators.md, "Audit
 * trail"): an operator keeps one outside the database (downloaded from the back
 * office, printed by `npm run audit:checkpoint`, or the daily log line), and
 * `npm run audit:check -- --checkpoint <file>` later proves the chain still holds
 * that row with that hash: an edit re-hashed to the end, the last rows deleted
 * or the table emptied all show.
 */
export async function currentCheckpoint(db: Kysely<DB>, keys: AuditKeys, now: Date): Promise<AuditCheckpoint> {
  return signCheckpoint(keys, await auditHead(db), now);
}

export type CheckpointVerdict =
  /** The row at the checkpoint's seq has the checkpoint's hash. */
  | 'held'
  /** Not signed with this token secret's key, or not a checkpoint at all. */
  | 'bad-signature'
  /** The chain ends before the checkpoint's seq: rows were deleted (or the table emptied). */
  | 'missing'
  /** The row is there with another hash: it, or a row before it, was rewritten. */
  | 'differs';

export type CheckpointCheck = { chain: AuditVerifyResult; checkpoint: CheckpointVerdict; seq: number | null };

/** The chain on its own, then the checkpoint against it. */
export async function checkAgainstCheckpoint(db: Kysely<DB>, keys: AuditKeys, checkpoint: unknown): Promise<CheckpointCheck> {
  const chain = await verifyAuditChain(db, keys);
  if (!checkpointSignatureOk(keys, checkpoint)) return { chain, checkpoint: 'bad-signature', seq: null };
  const hash = await auditHashAt(db, checkpoint.seq);
  const verdict: CheckpointVerdict = hash === undefined ? 'missing' : hash === checkpoint.hash ? 'held' : 'differs';
  return { chain, checkpoint: verdict, seq: checkpoint.seq };
}
