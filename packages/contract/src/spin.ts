import { z } from 'zod';
import { ZAmount } from './money.ts';

export const ZSpinSlice = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
});

export const ZSpinWheel = z.object({ name: z.string(), slices: z.array(ZSpinSlice) });

export const ZCoupon = z.object({
  prize: z.object({ slice: z.string(), name: z.string() }),
  amount: ZAmount,
});
