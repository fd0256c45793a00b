import { z } from 'zod';
import { CURRENCIES, LAO_CURRENCY_CHOICES, LIMITS } from './constants.ts';

/** Entities of spec section 3 for accounts; request rules are refined in the accounts feature. */
export const ZRegistration = z.object({
  name: z.string(),
  username: z.string(),
  password: z.string(),
  sourceCode: z.string().optional(),
  inviteCode: z.string().optional(),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.enum([...CURRENCIES, ...LAO_CURRENCY_CHOICES]).optional(),
});
export type TRegistration = z.infer<typeof ZRegistration>;

export const ZOtpSendResponse = z.object({ otpRef: z.string(), otpToken: z.string(), code: z.string() });
export type TOtpSendResponse = z.infer<typeof ZOtpSendResponse>;

export const ZProfile = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  createdAt: z.iso.datetime(),
  coin: z.number().int().nonnegative(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileUpdate = z.object({
  name: z.string(),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
});

export const ZBankAccount = z.object({
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: z.object({ nameTH: z.string() }),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZLoginRequest = z.object({ username: z.string().min(1), password: z.string().min(1) });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResponse = z.object({ token: z.string() });

export const ZPassword = z.string().min(LIMITS.passwordMin);
