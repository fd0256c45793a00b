import { z } from 'zod';
import { createAccountSchemas, isLatinNameBank, LATIN_NAME, ZOtpVerifyRequest, type TMarket } from '@jetton/contract/account';
import { LAO_CURRENCY_CHOICES } from '@jetton/contract/constants';
import { buildFlags } from '@jetton/ui/lib/build-flags';

/** The confirm-password rule's code; the form words it 'Passwords don't match'. */
export const PASSWORD_MISMATCH = 'PASSWORD_MISMATCH';

export type CurrencyChoice = (typeof LAO_CURRENCY_CHOICES)[number];

/**
 * The wizard's form schemas, made of the contract's field rules (the same ones
 * the server runs) plus what only a form has: the confirm field and the first
 * and last name that become bankAccountName.
 */
export function createRegisterForms(market: TMarket) {
  const { ZValidateRequest, ZRegisterRequest, ZOtpSendRequest } = createAccountSchemas(market);
  const namePart = ZRegisterRequest.shape.bankAccountName;

  const phone = z.object({ phone: ZOtpSendRequest.shape.phoneNumber });

  const otp = z.object({ otpCode: ZOtpVerifyRequest.shape.otpCode });

  const profile = z
    .object({
      name: ZValidateRequest.shape.name,
      password: ZValidateRequest.shape.password,
      confirmPassword: z.string().min(1, { error: 'KEY_MISSING' }),
    })
    // An empty confirm field says "required", not "don't match".
    .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
      error: PASSWORD_MISMATCH,
      path: ['confirmPassword'],
    });

  const bank = z
    .object({
      bankCode: z.string().trim().min(1, { error: 'KEY_MISSING' }),
      firstName: namePart,
      lastName: namePart,
      bankAccountNo: ZRegisterRequest.shape.bankAccountNo,
      sourceCode: z.string(),
      currency: z.enum(LAO_CURRENCY_CHOICES),
    })
    .superRefine((v, ctx) => {
      if (!isLatinNameBank(v.bankCode)) return;
      for (const field of ['firstName', 'lastName'] as const) {
        const value = v[field];
        if (typeof value === 'string' && value.trim() !== '' && !LATIN_NAME.test(value.trim())) {
          ctx.addIssue({ code: 'custom', message: 'BANK_ACCOUNT_NAME_ENG', path: [field] });
        }
      }
    });

  return { phone, otp, profile, bank };
}

export type RegisterForms = ReturnType<typeof createRegisterForms>;
export type PhoneForm = z.input<RegisterForms['phone']>;
export type OtpForm = z.input<RegisterForms['otp']>;
export type ProfileFormInput = z.input<RegisterForms['profile']>;
export type ProfileFormValues = z.output<RegisterForms['profile']>;
export type BankFormInput = z.input<RegisterForms['bank']>;
export type BankFormValues = z.output<RegisterForms['bank']>;

/** This build's forms (the Lao build has no phone length check). */
export const registerForms = createRegisterForms({ lao: buildFlags.isLaoBuild });
