import { z } from 'zod';
import { text } from '../text.ts';

/** The audit trail (docs/operators.md, "Audit trail"). */
const ZAuditEntry = z.object({
  seq: z.number().int(),
  at: z.iso.datetime(),
  operatorId: text().nullable(),
  operatorLogin: text().nullable(),
  action: text(),
  memberId: text().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ledgerEntryId: text().nullable(),
  ip: text().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = z.object({
  operatorId: z.uuid().optional(),
  memberId: z.uuid().optional(),
  action: text().trim().max(64).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  /** Rows with seq below this (paging backwards from the newest). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export const ZAuditList = z.object({ entries: z.array(ZAuditEntry), nextBefore: z.number().int().nullable() });

/**
 * The chain check: `ok`, or the first row whose hash does not follow (edited, removed or inserted);
 * `unkeyedRows`: rows still on the old unkeyed chain (the server moves them onto the keyed one at start).
 */
export const ZAuditVerify = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  firstBadSeq: z.number().int().nullable(),
  unkeyedRows: z.number().int(),
});
export type TAuditVerify = z.infer<typeof ZAuditVerify>;

/** The chain's head, signed with a key derived from the token secret: an owner keeps it outside the database. */
export const ZAuditCheckpoint = z.object({
  seq: z.number().int().min(0),
  hash: text().regex(/^[0-9a-f]{64}$/),
  at: z.iso.datetime(),
  signature: text().regex(/^[0-9a-f]{64}$/),
});
export type TAuditCheckpoint = z.infer<typeof ZAuditCheckpoint>;
