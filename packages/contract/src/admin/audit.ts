import { z } from 'zod';

/** The audit trail (docs/operators.md, "Audit trail"). */
export const ZAuditEntry = z.object({
  seq: z.number().int(),
  at: z.iso.datetime(),
  operatorId: z.string().nullable(),
  operatorLogin: z.string().nullable(),
  action: z.string(),
  memberId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ledgerEntryId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = z.object({
  operatorId: z.uuid().optional(),
  memberId: z.uuid().optional(),
  action: z.string().trim().max(64).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  /** Rows with seq below this (paging backwards from the newest). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export const ZAuditList = z.object({ entries: z.array(ZAuditEntry), nextBefore: z.number().int().nullable() });

/** The chain check: `ok`, or the first row whose hash does not follow (edited, removed or inserted). */
export const ZAuditVerify = z.object({ ok: z.boolean(), rows: z.number().int(), firstBadSeq: z.number().int().nullable() });
export type TAuditVerify = z.infer<typeof ZAuditVerify>;
