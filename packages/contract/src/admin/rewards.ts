import { z } from 'zod';
import { ZLocalized } from '../lookup.ts';
import { ZAmount } from '../money.ts';
import { BONUS_ORIGINS, BONUS_TYPES, ZBanner } from '../rewards.ts';
import { text } from '../text.ts';

/** The back office's rewards shapes (docs/rewards.md, "Operator side"). */
const ZPercent = z.number().int().min(0).max(100);
const ZCategoryWeights = z.object({ slot: ZPercent, sport: ZPercent, lotto: ZPercent });

export const ZAdminDefinitionInput = z.object({
  origin: z.enum(['bonus', 'promotion']),
  code: text()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/),
  names: ZLocalized,
  notices: ZLocalized,
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int().positive(),
  percent: z.number().int().min(0).max(1000),
  maxBonus: ZAmount,
  minDeposit: ZAmount,
  turnover: z.number().int().min(0).max(100),
  percentFail: ZPercent,
  categoryWeights: ZCategoryWeights,
  banners: z.array(ZBanner).max(10),
  active: z.boolean(),
  validFrom: z.iso.datetime().nullable(),
  validTo: z.iso.datetime().nullable(),
  expiryDays: z.number().int().positive().nullable(),
  maxUses: z.number().int().positive().nullable(),
});
export type TAdminDefinitionInput = z.infer<typeof ZAdminDefinitionInput>;

export const ZAdminDefinition = ZAdminDefinitionInput.extend({ id: text(), uses: z.number().int() });
export const ZAdminDefinitionList = z.object({ definitions: z.array(ZAdminDefinition) });

export const ZAdminBannersRequest = z.object({ banners: z.array(ZBanner).max(10) });
export const ZBannerPlacementParam = z.object({ placement: z.enum(['invite', 'refund']) });

export const ZAdminMemberBonus = z.object({
  id: text(),
  origin: z.enum(BONUS_ORIGINS),
  code: text(),
  status: z.enum(['active', 'completed', 'cancelled', 'expired', 'ended']),
  endReason: text().nullable(),
  credit: ZAmount,
  turnover: z.object({ done: ZAmount, target: ZAmount }),
  takenBack: ZAmount,
  percentFail: z.number(),
  activatedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export const ZAdminMemberBonusList = z.object({ bonuses: z.array(ZAdminMemberBonus) });

export const ZAdminEndBonusRequest = z.object({ reason: text().trim().min(3).max(200), keepPercent: ZPercent.optional() });
