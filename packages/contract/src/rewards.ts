import { z } from 'zod';
import { ZLocalized } from './lookup.ts';
import { text } from './text.ts';
import { ZAmount } from './money.ts';
import { ZPageRequest } from './wallet.ts';

/** Shapes of bonuses, promotions, invites and refunds (docs/rewards.md). */
/** A banner: artwork without words and its copy (allow-listed HTML) in th, la and en. */
export const ZBanner = z.object({ image: text(), html: ZLocalized });
export type TBanner = z.infer<typeof ZBanner>;
export const ZBannerList = z.array(ZBanner);

/** Where a member's bonus came from: a listed bonus, a promotion code, a refund of losses, a spin coupon. */
export const BONUS_ORIGINS = ['bonus', 'promotion', 'refund', 'spin'] as const;
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;

/** A page of a member's list (invites, refunds): 10 a page on the web. */
export const ZRewardPageRequest = ZPageRequest;

const ZInviteRow = z.object({
  from: z.object({ name: text() }),
  amount: ZAmount,
  createdAt: z.iso.datetime(),
});
export const ZInviteList = z.object({ total: z.number().int(), invites: z.array(ZInviteRow) });
export type TInviteList = z.infer<typeof ZInviteList>;

export const ZRefundCheck = z.object({
  /** Something is accrued and may be received now (no bonus active). */
  result: z.boolean(),
  /** A bonus of any origin is active: receive is refused (REFUND_CONDITION). */
  bonus: z.boolean(),
  /** The two condition texts shown while a bonus is active, in th/la/en. */
  info: z.array(ZLocalized),
  refundAmount: ZAmount,
  refundSuccess: z.number(),
  refundFail: z.number(),
  /** A refund bonus is active: the refund-to-wallet confirmation applies. */
  refundActive: z.boolean(),
});
export type TRefundCheck = z.infer<typeof ZRefundCheck>;
const ZRefundRow = z.object({ refundAmount: ZAmount, createdAt: z.iso.datetime() });
export const ZRefundList = z.object({ total: z.number().int(), refunds: z.array(ZRefundRow) });
export type TRefundList = z.infer<typeof ZRefundList>;

/** A success answer that is a catalogue code (BONUS_CLEAR, INVITE_BONUS_SUCCESS, REFUND_SUCCESS). */
export const ZMessageAnswer = z.object({ message: text() });

const ZTurnover = z.object({ done: ZAmount, target: ZAmount });

/** A member's bonus: the terms copied at activation and its progress. */
export const ZUserBonus = z.object({
  _id: text(),
  isActive: z.boolean(),
  origin: z.enum(BONUS_ORIGINS),
  code: text(),
  credit: ZAmount,
  turnover: ZTurnover,
  percentFail: z.number(),
  activatedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
});
export type TUserBonus = z.infer<typeof ZUserBonus>;

const ZBonus = z.object({
  code: text(),
  name: ZLocalized,
  /** Holds `{percentFail}` where the fail percent goes. */
  notice: ZLocalized,
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int().positive(),
  percent: z.number(),
  maxBonus: ZAmount,
  minDeposit: ZAmount,
  turnover: z.number(),
  percentFail: z.number().min(0).max(100),
  banners: z.array(ZBanner),
  /** The member's state for this bonus: whether it is the active one, and the receipts in the current window. */
  userBonus: z
    .object({
      _id: text(),
      isActive: z.boolean(),
      received: z.array(z.object({ updatedAt: z.iso.datetime() })),
    })
    .nullable(),
});
export type TBonus = z.infer<typeof ZBonus>;
export const ZBonusList = z.array(ZBonus);

export const ZBonusActive = z.object({
  status: z.boolean(),
  type: z.enum(BONUS_ORIGINS).nullable(),
  code: text().nullable(),
  /** The listed bonus's window type, when the active bonus is a listed one. */
  bonusType: z.enum(BONUS_TYPES).nullable(),
  credit: ZAmount,
  turnover: ZTurnover,
  percentFail: z.number(),
  expiresAt: z.iso.datetime().nullable(),
});
export type TBonusActive = z.infer<typeof ZBonusActive>;

export const ZBonusMinimum = z.object({ minimum: ZAmount });

export const ZPromotion = z.object({ code: text(), percentFail: z.number().min(0).max(100), description: ZLocalized });
export type TPromotion = z.infer<typeof ZPromotion>;
/** The member's active promotion bonus, if any. */
export const ZPromotionCurrent = z.object({ promotion: ZPromotion.nullable(), userBonus: ZUserBonus.nullable() });

/** A bonus or promotion code in a path: 1-32 letters, digits, '-' or '_', upper-cased by the server. */
export const ZRewardCodeParam = z.object({
  code: text()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/),
});
