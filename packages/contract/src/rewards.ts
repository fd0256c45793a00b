import { z } from 'zod';
import { text } from './text.ts';
import { ZAmount } from './money.ts';

/** Shapes of bonuses, promotions, invites and refunds, for the work that builds them (not built yet). */
export const ZBanner = z.object({ image: text(), html: text() });

export const ZInviteRow = z.object({
  from: z.object({ name: text() }),
  amount: ZAmount,
  createdAt: z.iso.datetime(),
});

export const ZRefundCheck = z.object({
  result: z.boolean(),
  bonus: z.boolean(),
  info: z.array(text()),
  refundAmount: ZAmount,
  refundSuccess: z.number(),
  refundFail: z.number(),
});
export const ZRefundRow = z.object({ refundAmount: ZAmount, createdAt: z.iso.datetime() });

export const ZBonus = z.object({
  code: text(),
  type: z.enum(['limit', 'day', 'week']),
  maxReceived: z.number().int().positive(),
  percentFail: z.number().min(0).max(100),
  banners: z.array(ZBanner),
  userBonus: z
    .object({
      _id: text(),
      isActive: z.boolean(),
      received: z.array(z.object({ updatedAt: z.iso.datetime() })),
    })
    .nullable(),
});

export const ZPromotion = z.object({ percentFail: z.number().min(0).max(100), description: text() });
