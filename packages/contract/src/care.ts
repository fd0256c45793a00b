import { z } from 'zod';
import { ZAmount } from './money.ts';
import { text } from './text.ts';

/** Player care (docs/player-care.md): limits, breaks and held deposits as the member and the back office see them. */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export const ZLimitKind = z.enum(LIMIT_KINDS);
export const ZLimitPeriod = z.enum(LIMIT_PERIODS);
export type TLimitKind = z.infer<typeof ZLimitKind>;
export type TLimitPeriod = z.infer<typeof ZLimitPeriod>;

export const ZPlayLimit = z.object({
  kind: ZLimitKind,
  period: ZLimitPeriod,
  /** The limit in force; null: none. */
  amount: z.number().nullable(),
  /** Counted so far in the period (deposits credited, net loss, money staked). */
  used: z.number(),
  /** What may still move before the limit is reached; null: no limit. */
  remaining: z.number().nullable(),
  /** When the period restarts. */
  resetsAt: z.iso.datetime(),
  /** A raise or removal waiting: its amount (null: removal) and from when the member may confirm it. */
  pending: z.object({ amount: z.number().nullable(), dueAt: z.iso.datetime(), due: z.boolean() }).nullable(),
});
export type TPlayLimit = z.infer<typeof ZPlayLimit>;

export const ZLimitsState = z.object({
  currency: z.enum(['THB', 'LAK']),
  limits: z.array(ZPlayLimit),
  /** The cooling period a raise waits, in hours. */
  coolingHours: z.number().int().positive(),
});
export type TLimitsState = z.infer<typeof ZLimitsState>;

/** Set, lower, raise (waits) or remove (amount null: waits too) one limit. */
export const ZLimitChange = z.object({
  kind: ZLimitKind,
  period: ZLimitPeriod,
  amount: ZAmount.refine((n) => n > 0, { message: 'positive' }).nullable(),
});
export type TLimitChange = z.infer<typeof ZLimitChange>;
/** Confirm (or cancel) the waiting raise or removal of one limit. */
export const ZLimitPendingAction = z.object({ kind: ZLimitKind, period: ZLimitPeriod });

export const BREAK_CHOICES = ['24h', '1w', '2w', '6w', '6m', '1y', '5y', 'permanent'] as const;
export const ZBreakChoice = z.enum(BREAK_CHOICES);
export type TBreakChoice = z.infer<typeof ZBreakChoice>;
/** The second confirmation is the member's password. */
export const ZBreakRequest = z.object({ choice: ZBreakChoice, password: text().min(1).max(128) });

export const ZBreakState = z.object({
  /** The break in force, if any. */
  current: z
    .object({ kind: z.enum(['cool-off', 'self-exclusion']), startsAt: z.iso.datetime(), endsAt: z.iso.datetime().nullable() })
    .nullable(),
});
export type TBreakState = z.infer<typeof ZBreakState>;

export const ZCareHold = z.object({
  id: z.uuid(),
  amount: z.number(),
  currency: z.enum(['THB', 'LAK']),
  reason: z.enum(['DEPOSIT_LIMIT', 'ON_BREAK']),
  status: z.enum(['held', 'released']),
  heldAt: z.iso.datetime(),
});
export type TCareHold = z.infer<typeof ZCareHold>;

/** Reality checks: the interval a member chose (0: off) and, while they play, where the session stands. */
export const REALITY_CHECK_MINUTES = [0, 30, 60, 120] as const;
export const ZRealityCheck = z.object({
  minutes: z.number().int(),
  /** An interval has passed since the last check while playing: show the reminder. */
  due: z.boolean(),
  session: z
    .object({
      startedAt: z.iso.datetime(),
      playedMinutes: z.number().int(),
      /** The last check (or the session's start): `net` counts from here. */
      since: z.iso.datetime(),
      /** Won (+) or lost (-) in the games since then. */
      net: z.number(),
    })
    .nullable(),
});
export type TRealityCheck = z.infer<typeof ZRealityCheck>;
export const ZRealityCheckSetting = z.object({ minutes: z.union(REALITY_CHECK_MINUTES.map((m) => z.literal(m))) });
export const ZRealityCheckAnswer = z.object({ choice: z.enum(['continue', 'stop']) });
