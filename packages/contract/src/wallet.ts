import { z } from 'zod';
import { GAME_CATEGORIES } from './constants.ts';
import { SLIP_NOTE_CODES } from './errors.ts';
import { ZAmount } from './money.ts';
import { ZBankAccount, ZProfile } from './account.ts';

export const ZWalletBalance = z.object({ amount: ZAmount });

export const ZInviteSummary = z.object({
  amount: ZAmount,
  success: z.number().int().nonnegative(),
  fail: z.number().int().nonnegative(),
});

export const ZGameAccount = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  logo: z.string(),
  background: z.string(),
  isActive: z.boolean(),
  amount: ZAmount,
  ftWalletSlot: z.number().positive(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
  username: z.string().optional(),
  password: z.string().optional(),
  /** Fields a form-posting launcher sends to the provider's login page. */
  event: z.record(z.string(), z.string()).optional(),
});
export type TGameAccount = z.infer<typeof ZGameAccount>;

export const ZWalletResponse = z.object({
  profile: ZProfile,
  bankAccount: ZBankAccount.nullable(),
  wallet: ZWalletBalance,
  invite: ZInviteSummary,
  slots: z.array(ZGameAccount),
});
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

export const ZQrState = z.object({
  qrcodeId: z.string().nullable(),
  hasQrcode: z.boolean(),
  qrcode: z.string().nullable(),
  amount: ZAmount.nullable(),
  expireIn: z.number().int().nonnegative().nullable(),
  message: z.string().nullable(),
});
export type TQrState = z.infer<typeof ZQrState>;

export const ZSlip = z.object({
  createdAt: z.iso.datetime(),
  amount: ZAmount.nullable(),
  status: z.enum(['processing', 'success', 'failed']),
  note: z.enum(SLIP_NOTE_CODES).nullable(),
  link: z.string().nullable(),
  reference: z.string(),
});
export type TSlip = z.infer<typeof ZSlip>;

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;

export const ZStatement = z.object({
  statementType: z.enum(STATEMENT_TYPES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** SUCCESS and FAILED are final; anything else shows as in progress. */
  status: z.string(),
  amount: z.number(),
  createdAt: z.iso.datetime(),
  description: z.string().nullable(),
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZPageRequest = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(100),
});
