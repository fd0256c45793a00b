import { z } from 'zod';
import { text } from './text.ts';
import { ZAmount } from './money.ts';

/**
 * The prize spin wheel (docs/spin.md): the five member calls, the provably fair
 * seeds and history, and the wheel configuration an operator edits.
 */

/** A slice as members see it; `weight` is published so anyone can check a draw (docs/spin.md, "Provably fair"). */
const ZSpinSlice = z.object({
  code: text(),
  label: text(),
  bgColor: text(),
  textColor: text(),
  /** Sanitized on the server: only simple formatting tags, no attributes. */
  htmlDescription: text(),
  weight: z.number().int().nonnegative(),
});
export type TSpinSlice = z.infer<typeof ZSpinSlice>;

const ZSpinWheel = z.object({ name: text(), slices: z.array(ZSpinSlice) });

export const COUPON_TYPES = ['credit', 'bonus', 'coin', 'nothing'] as const;
export type TCouponType = (typeof COUPON_TYPES)[number];

/** What the member's seed pair is now: the committed hash, their client seed, and the next spin's nonce. */
export const ZSpinFairness = z.object({ serverSeedHash: text(), clientSeed: text(), nonce: z.number().int().nonnegative() });
export type TSpinFairness = z.infer<typeof ZSpinFairness>;

/** GET /api/spinwheel/active */
export const ZSpinActiveResponse = z.object({ active: z.boolean() });

/** GET /api/spinwheel/setup */
export const ZSpinSetupResponse = ZSpinWheel.extend({
  active: z.boolean(),
  version: z.number().int(),
  coin: z.number().int().nonnegative(),
  fairness: ZSpinFairness,
});
export type TSpinSetupResponse = z.infer<typeof ZSpinSetupResponse>;

const COUPON_STATUSES = ['claimable', 'claimed', 'expired'] as const;

/** A prize won on the wheel, claimable once within its validity (7 days). */
const ZCoupon = z.object({
  _id: text(),
  type: z.enum(COUPON_TYPES),
  prize: z.object({ slice: text(), name: text() }),
  /** A credit or bonus coupon's amount; 0 for coin coupons. */
  amount: ZAmount,
  /** A coin coupon's coins; 0 for the other types. */
  coins: z.number().int().nonnegative(),
  status: z.enum(COUPON_STATUSES),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  claimedAt: z.iso.datetime().nullable(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

/** POST /api/spinwheel/spin (no body): the drawn slice, its coupon (none for a 'nothing' slice), the coins left. */
export const ZSpinResponse = z.object({
  slice: text(),
  index: z.number().int().nonnegative(),
  coupon: ZCoupon.nullable(),
  coin: z.number().int().nonnegative(),
  draw: z.object({ wheelVersion: z.number().int(), serverSeedHash: text(), clientSeed: text(), nonce: z.number().int() }),
});
export type TSpinResponse = z.infer<typeof ZSpinResponse>;

const ZPage = z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /api/spinwheel/coupon?page=&limit= (3 a page on the web), newest first. */
export const ZCouponListQuery = z.object({ page: ZPage, limit: z.coerce.number().int().min(1).max(50).default(3) });
export const ZCouponListResponse = z.object({ total: z.number().int(), coupons: z.array(ZCoupon) });
export type TCouponListResponse = z.infer<typeof ZCouponListResponse>;

/** POST /api/spinwheel/coupon/claim */
export const ZCouponClaimRequest = z.object({ coupon: text().min(1).max(64) });
export const ZCouponClaimResponse = z.object({ coupon: ZCoupon, coin: z.number().int().nonnegative() });

/** A client seed: 1-64 printable ASCII characters, no colon (the HMAC message joins with one). */
const ZClientSeed = text().regex(/^[\x21-\x39\x3b-\x7e]{1,64}$/);

/** POST /api/spinwheel/fairness/rotate: reveals the current server seed and commits to a new one. */
export const ZSeedRotateRequest = z.object({ clientSeed: ZClientSeed.optional() });
export const ZSeedRotateResponse = z.object({
  revealed: z.object({ serverSeed: text(), serverSeedHash: text(), clientSeed: text(), spins: z.number().int() }),
  next: ZSpinFairness,
});

/** GET /api/spinwheel/history?page=&limit=: the member's spins, with the server seed once it was revealed. */
export const ZSpinHistoryQuery = z.object({ page: ZPage, limit: z.coerce.number().int().min(1).max(100).default(10) });
const ZSpinRecord = z.object({
  createdAt: z.iso.datetime(),
  slice: text(),
  index: z.number().int(),
  wheelVersion: z.number().int(),
  serverSeedHash: text(),
  serverSeed: text().nullable(),
  clientSeed: text(),
  nonce: z.number().int(),
});
export type TSpinRecord = z.infer<typeof ZSpinRecord>;
export const ZSpinHistoryResponse = z.object({ total: z.number().int(), spins: z.array(ZSpinRecord) });
export type TSpinHistoryResponse = z.infer<typeof ZSpinHistoryResponse>;

/** GET /api/spinwheel/wheel/:version (public): the slices and weights a past draw used. */
export const ZWheelVersionResponse = z.object({
  version: z.number().int(),
  name: text(),
  slices: z.array(z.object({ code: text(), label: text(), weight: z.number().int() })),
});
export type TWheelVersionResponse = z.infer<typeof ZWheelVersionResponse>;

/** A prize an operator gives a slice. */
const ZSpinPrize = z.discriminatedUnion('type', [
  z.object({ type: z.literal('credit'), amount: ZAmount.refine((n) => n > 0) }),
  /** A bonus of `amount` with turnover target amount x `turnover`; `percentFail` % is kept on an early cancel. */
  z.object({
    type: z.literal('bonus'),
    amount: ZAmount.refine((n) => n > 0),
    turnover: z.number().int().min(1).max(100).default(1),
    percentFail: z.number().int().min(0).max(100).default(0),
  }),
  z.object({ type: z.literal('coin'), coins: z.number().int().min(1).max(100) }),
  z.object({ type: z.literal('nothing') }),
]);
export type TSpinPrize = z.infer<typeof ZSpinPrize>;

/** The wheel an operator saves (docs/spin.md, "Configuration"); each save is a new version. */
export const ZSpinWheelConfig = z.object({
  name: text().min(1).max(80),
  active: z.boolean(),
  slices: z
    .array(
      z.object({
        code: text().regex(/^[A-Za-z0-9_-]{1,32}$/),
        label: text().min(1).max(40),
        bgColor: text().regex(/^#[0-9a-fA-F]{6}$/),
        textColor: text().regex(/^#[0-9a-fA-F]{6}$/),
        htmlDescription: text().max(2_000),
        weight: z.number().int().min(0).max(1_000_000),
        prize: ZSpinPrize,
      }),
    )
    .min(2)
    .max(24),
});
export type TSpinWheelConfig = z.infer<typeof ZSpinWheelConfig>;
