import type { Kysely, Selectable } from 'kysely';
import { LIMIT_KINDS, LIMIT_PERIODS, type TLimitChange, type TLimitsState, type TPlayLimit } from '@jetton/contract/care';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { MONEY_LIMIT_KINDS, type LimitKind, type LimitPeriod, type PlayLimitsTable } from '../../db/tables/care.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import { COOLING_MS, periodBounds } from './care-periods.ts';
import { createCareRepository, type CareRepository } from './care-repository.ts';

type LimitRow = Selectable<PlayLimitsTable>;
type Slot = { memberId: string; kind: LimitKind; period: LimitPeriod };
const REFUSAL = { deposit: 'DEPOSIT_LIMIT_REACHED', loss: 'LOSS_LIMIT_REACHED', wager: 'WAGER_LIMIT_REACHED' } as const;

/** What a period has counted so far for one kind (docs/player-care.md, "What each limit counts"). */
async function usedSince(repo: CareRepository, memberId: string, kind: LimitKind, from: Date): Promise<bigint> {
  if (kind === 'deposit') return repo.depositedSince(memberId, from);
  const { staked, returned } = await repo.playedSince(memberId, from);
  if (kind === 'wager') return staked;
  return staked > returned ? staked - returned : 0n;
}

/** The first of a member's `kinds` limits that `amount` more would pass, at `now`; undefined when it fits. */
async function limitPassed(repo: CareRepository, memberId: string, kinds: readonly LimitKind[], amount: bigint, now: Date) {
  const rows = (await repo.limitsOf(memberId)).filter((row) => kinds.includes(row.kind));
  for (const row of rows) {
    const used = await usedSince(repo, memberId, row.kind, periodBounds(row.period, now).from);
    if (used + amount > row.amount) return row;
  }
  return undefined;
}

/**
 * Deposit, loss and wager limits per day, week and month (docs/player-care.md):
 * a new or lower limit applies at once, a higher one or a removal only after
 * the cooling period and the member's confirmation; the money routes ask
 * `guardToGame` and `depositFits` at the moment money would move.
 */
export function createLimitsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createCareRepository(deps.db);

  async function view(memberId: string, rows: LimitRow[], now: Date): Promise<TPlayLimit[]> {
    const limits: TPlayLimit[] = [];
    for (const kind of LIMIT_KINDS) {
      for (const period of LIMIT_PERIODS) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        const bounds = periodBounds(period, now);
        const used = await usedSince(repo, memberId, kind, bounds.from);
        const remaining = row ? (row.amount > used ? row.amount - used : 0n) : null;
        const due = row?.pending_due_at ?? null;
        limits.push({
          kind,
          period,
          amount: row ? fromMinor(row.amount) : null,
          used: fromMinor(used),
          remaining: remaining === null ? null : fromMinor(remaining),
          resetsAt: bounds.to.toISOString(),
          pending:
            row && due
              ? { amount: row.pending_amount === null ? null : fromMinor(row.pending_amount), dueAt: due.toISOString(), due: due <= now }
              : null,
        });
      }
    }
    return limits;
  }

  async function state(member: AuthMember): Promise<TLimitsState> {
    const now = deps.clock.now();
    return {
      currency: member.currency,
      limits: await view(member.memberId, await repo.limitsOf(member.memberId), now),
      coolingHours: COOLING_MS / 3_600_000,
    };
  }

  async function rowOf(slot: Slot): Promise<LimitRow | undefined> {
    return (await repo.limitsOf(slot.memberId)).find((r) => r.kind === slot.kind && r.period === slot.period);
  }

  return {
    state,

    /** A member's limits as the back office reads them (no session: by id, in the member's currency). */
    async limitsOfMember(memberId: string): Promise<TPlayLimit[]> {
      return view(memberId, await repo.limitsOf(memberId), deps.clock.now());
    },

    /** Sets, lowers (at once), raises or removes (both after the cooling period and a confirmation) one limit. */
    async change(member: AuthMember, change: TLimitChange): Promise<TLimitsState> {
      const slot = { memberId: member.memberId, kind: change.kind, period: change.period };
      const now = deps.clock.now();
      const wanted = change.amount === null ? null : toMinor(change.amount);
      const row = await rowOf(slot);
      const cleared = { pendingAmount: null, pendingRemoval: false, pendingDueAt: null };
      if (!row) {
        if (wanted !== null) {
          await repo.putLimit(slot, { amount: wanted, ...cleared }, now);
          await repo.addChange(slot, 'set', null, wanted, now);
        }
      } else if (wanted !== null && wanted <= row.amount) {
        await repo.putLimit(slot, { amount: wanted, ...cleared }, now);
        await repo.addChange(slot, 'lowered', row.amount, wanted, now);
      } else {
        const dueAt = new Date(now.getTime() + COOLING_MS);
        await repo.putLimit(slot, { amount: row.amount, pendingAmount: wanted, pendingRemoval: wanted === null, pendingDueAt: dueAt }, now);
        await repo.addChange(slot, wanted === null ? 'removal-requested' : 'raise-requested', row.amount, wanted, now);
      }
      return state(member);
    },

    /** The member's second word on a raise or removal, once its cooling period is over. */
    async confirm(member: AuthMember, slot: { kind: LimitKind; period: LimitPeriod }): Promise<TLimitsState> {
      const full = { memberId: member.memberId, ...slot };
      const now = deps.clock.now();
      const row = await rowOf(full);
      if (!row?.pending_due_at) throw new AppError('NO_DATA');
      if (row.pending_due_at > now) throw new AppError('LIMIT_NOT_DUE');
      if (row.pending_removal) {
        await repo.deleteLimit(full);
        await repo.addChange(full, 'removed', row.amount, null, now);
      } else if (row.pending_amount !== null) {
        await repo.putLimit(full, { amount: row.pending_amount, pendingAmount: null, pendingRemoval: false, pendingDueAt: null }, now);
        await repo.addChange(full, 'raised', row.amount, row.pending_amount, now);
      }
      return state(member);
    },

    /** Drops a waiting raise or removal: the limit in force stays. */
    async cancel(member: AuthMember, slot: { kind: LimitKind; period: LimitPeriod }): Promise<TLimitsState> {
      const full = { memberId: member.memberId, ...slot };
      const now = deps.clock.now();
      const row = await rowOf(full);
      if (!row?.pending_due_at) throw new AppError('NO_DATA');
      await repo.putLimit(full, { amount: row.amount, pendingAmount: null, pendingRemoval: false, pendingDueAt: null }, now);
      await repo.addChange(full, 'raise-cancelled', row.amount, row.pending_amount, now);
      return state(member);
    },

    /**
     * Runs `write` (the wallet -> game debit) only if the member's loss and wager limits leave room for
     * `amount`, under the member's lock in the same transaction, so concurrent transfers cannot pass a
     * limit together. A member without such limits pays nothing extra: `hasLimits` is what their
     * session read said (absent: read here).
     */
    async guardToGame<T>(memberId: string, amount: bigint, write: (db: Kysely<DB>) => Promise<T>, hasLimits?: boolean): Promise<T> {
      if (!(hasLimits ?? (await repo.hasLimits(memberId, MONEY_LIMIT_KINDS)))) return write(deps.db);
      const now = deps.clock.now();
      let passed: LimitRow | undefined;
      const result = await deps.db.transaction().execute(async (trx) => {
        const locked = createCareRepository(trx);
        await locked.lockMember(memberId);
        passed = await limitPassed(locked, memberId, MONEY_LIMIT_KINDS, amount, now);
        return passed ? undefined : { value: await write(trx) };
      });
      if (!result) {
        const hit = passed as LimitRow;
        await repo.addHit({ memberId, kind: hit.kind, period: hit.period }, amount, now);
        throw new AppError(REFUSAL[hit.kind]);
      }
      return result.value;
    },

    /** Before a deposit is made (a QR, a gift link, a notice): refused when it would pass a deposit limit. */
    async assertDepositFits(memberId: string, amount: bigint): Promise<void> {
      if (!(await repo.hasLimits(memberId, ['deposit']))) return;
      const now = deps.clock.now();
      const passed = await limitPassed(repo, memberId, ['deposit'], amount, now);
      if (!passed) return;
      await repo.addHit({ memberId, kind: 'deposit', period: passed.period }, amount, now);
      throw new AppError('DEPOSIT_LIMIT_REACHED');
    },
  };
}

/**
 * Inside a deposit credit's transaction (every method): whether the money may go to the wallet, or must
 * be held for a person because it would pass a deposit limit or the member is on a break. Takes the
 * member's lock, so two deposits at once are counted one after the other.
 */
export async function depositHoldReason(
  trx: Kysely<DB>,
  credit: { memberId: string; amount: bigint; at: Date },
): Promise<'DEPOSIT_LIMIT' | 'ON_BREAK' | null> {
  const repo = createCareRepository(trx);
  const onBreak = await repo.memberBreak(credit.memberId);
  if (onBreak?.break_kind && (onBreak.break_ends_at === null || onBreak.break_ends_at > credit.at)) return 'ON_BREAK';
  if (!(await repo.hasLimits(credit.memberId, ['deposit']))) return null;
  await repo.lockMember(credit.memberId);
  const passed = await limitPassed(repo, credit.memberId, ['deposit'], credit.amount, credit.at);
  if (!passed) return null;
  await repo.addHit({ memberId: credit.memberId, kind: 'deposit', period: passed.period }, credit.amount, credit.at);
  return 'DEPOSIT_LIMIT';
}

export type LimitsService = ReturnType<typeof createLimitsService>;
