import { z } from 'zod';
import { text } from '../text.ts';
import { ZBreakState, ZCareHold, ZLimitKind, ZLimitPeriod, ZPlayLimit } from '../care.ts';

/** A member's player care as the back office reads it (docs/player-care.md, "Back office"). */
export const ZAdminMemberCare = z.object({
  limits: z.array(ZPlayLimit),
  changes: z.array(
    z.object({
      kind: ZLimitKind,
      period: ZLimitPeriod,
      action: text(),
      before: z.number().nullable(),
      after: z.number().nullable(),
      at: z.iso.datetime(),
    }),
  ),
  current: ZBreakState.shape.current,
  breaks: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(['cool-off', 'self-exclusion']),
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime().nullable(),
      endedEarlyAt: z.iso.datetime().nullable(),
      endReason: text().nullable(),
    }),
  ),
  holds: z.array(ZCareHold),
});
export type TAdminMemberCare = z.infer<typeof ZAdminMemberCare>;

/** Ending a break early: the owner only, with a reason for the audit trail. */
export const ZEndBreak = z.object({ reason: text().min(5).max(500) });
export const ZReleaseHold = z.object({ reason: text().min(5).max(500) });

export const ZLimitHits = z.object({
  hits: z.array(
    z.object({
      memberId: z.uuid(),
      phone: text(),
      name: text(),
      kind: ZLimitKind,
      period: ZLimitPeriod,
      hits: z.number().int(),
      lastAt: z.iso.datetime(),
    }),
  ),
});
export type TLimitHits = z.infer<typeof ZLimitHits>;
