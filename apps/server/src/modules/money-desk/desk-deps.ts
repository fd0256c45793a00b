import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';

/** The operator acting (from the admin session). */
export type DeskOperator = { id: string; ip?: string };

/** One row of the audit trail (docs/operators.md, "Audit trail"); written in the transaction that makes the change. */
export type DeskAuditRecord = {
  operatorId: string | null;
  action: string;
  memberId?: string | null;
  before?: unknown;
  after?: unknown;
  ledgerEntryId?: string | number | bigint | null;
  ip?: string | null;
  at?: Date;
};
export type DeskAudit = (db: Kysely<DB>, record: DeskAuditRecord) => Promise<void>;

export type DeskDeps = { db: Kysely<DB>; clock: Clock; audit: DeskAudit };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
