import type { Kysely } from 'kysely';
import type { TBreakChoice, TBreakState } from '@jetton/contract/care';
import { DAY_MS } from '@jetton/contract/site-time';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { BreakKind } from '../../db/tables/accounts.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import { createCareRepository } from './care-repository.ts';

/** Each choice a member has: a cool-off of 24 hours to 6 weeks, a self-exclusion of 6 months to for ever. */
const CHOICES: Record<TBreakChoice, { kind: BreakKind; days: number | null }> = {
  '24h': { kind: 'cool-off', days: 1 },
  '1w': { kind: 'cool-off', days: 7 },
  '2w': { kind: 'cool-off', days: 14 },
  '6w': { kind: 'cool-off', days: 42 },
  '6m': { kind: 'self-exclusion', days: 183 },
  '1y': { kind: 'self-exclusion', days: 365 },
  '5y': { kind: 'self-exclusion', days: 1_826 },
  permanent: { kind: 'self-exclusion', days: null },
};

/** Whether a break ending at `endsAt` (null: never) is in force at `now`. */
export function breakInForce(kind: BreakKind | null | undefined, endsAt: Date | null | undefined, now: Date): boolean {
  return Boolean(kind) && (endsAt === null || endsAt === undefined || endsAt > now);
}

/**
 * Cool-off and self-exclusion (docs/player-care.md, "Breaks"): chosen by the
 * member and confirmed with their password; only ever made longer by them;
 * ended early only by an owner, with a reason, in the audit trail.
 */
export function createBreakService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  audit: AuditWriter;
  checkPassword: (memberId: string, password: string) => Promise<void>;
}) {
  const repo = createCareRepository(deps.db);

  /** The break in force (the member row says which), with its own row for when it started. */
  async function current(memberId: string, now: Date) {
    const member = await repo.memberBreak(memberId);
    if (!member || !breakInForce(member.break_kind, member.break_ends_at, now)) return undefined;
    const sameEnd = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());
    const rows = await repo.breaksOf(memberId);
    return rows.find((b) => !b.ended_early_at && b.kind === member.break_kind && sameEnd(b.ends_at, member.break_ends_at));
  }

  async function state(memberId: string): Promise<TBreakState> {
    const row = await current(memberId, deps.clock.now());
    if (!row) return { current: null };
    return { current: { kind: row.kind, startsAt: row.starts_at.toISOString(), endsAt: row.ends_at?.toISOString() ?? null } };
  }

  return {
    state,

    async start(memberId: string, choice: TBreakChoice, password: string): Promise<TBreakState> {
      await deps.checkPassword(memberId, password);
      const now = deps.clock.now();
      const wanted = CHOICES[choice];
      const endsAt = wanted.days === null ? null : new Date(now.getTime() + wanted.days * DAY_MS);
      const current = await repo.memberBreak(memberId);
      if (current && breakInForce(current.break_kind, current.break_ends_at, now)) {
        // Never shorter, and a self-exclusion never turns back into a cool-off.
        const shorter = current.break_ends_at === null || (endsAt !== null && endsAt <= current.break_ends_at);
        if (shorter || (current.break_kind === 'self-exclusion' && wanted.kind === 'cool-off')) throw new AppError('BREAK_SHORTER');
      }
      await deps.db.transaction().execute((trx) =>
        createCareRepository(trx).startBreak({
          id: uuidV7(now),
          member_id: memberId,
          kind: wanted.kind,
          starts_at: now,
          ends_at: endsAt,
        }),
      );
      return state(memberId);
    },

    /** The owner's override: ends the break in force now, audited with its reason. */
    async endEarly(op: { operatorId: string }, memberId: string, reason: string, ip: string | null): Promise<TBreakState> {
      const now = deps.clock.now();
      const latest = await current(memberId, now);
      if (!latest) throw new AppError('NO_DATA');
      await deps.db.transaction().execute(async (trx) => {
        if (!(await createCareRepository(trx).endBreakEarly(latest.id, memberId, { at: now, by: op.operatorId, reason }))) {
          throw new AppError('ALREADY_DECIDED');
        }
        await deps.audit(trx, {
          operatorId: op.operatorId,
          action: 'member.break.end',
          memberId,
          before: { kind: latest.kind, endsAt: latest.ends_at?.toISOString() ?? null },
          after: { endedAt: now.toISOString(), reason },
          ip,
          at: now,
        });
      });
      return state(memberId);
    },
  };
}

export type BreakService = ReturnType<typeof createBreakService>;
