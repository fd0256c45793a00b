import { z } from 'zod';
import { text } from './text.ts';
import { ZAmount } from './money.ts';

export const ZSpinSlice = z.object({
  code: text(),
  label: text(),
  bgColor: text(),
  textColor: text(),
  htmlDescription: text(),
});

export const ZSpinWheel = z.object({ name: text(), slices: z.array(ZSpinSlice) });

export const ZCoupon = z.object({
  prize: z.object({ slice: text(), name: text() }),
  amount: ZAmount,
});
