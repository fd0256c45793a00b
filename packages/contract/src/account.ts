import { z } from 'zod';
import { text } from './text.ts';
import { LAO_CURRENCY_CHOICES, LATIN_NAME_BANKS, LIMITS, type Currency } from './constants.ts';
import { ZLocalName } from './lookup.ts';

/** Account entities as the API answers them (docs/accounts.md); request rules are below. */
/** `code` of a send answer: a code was sent, or the phone is already verified (no code needed). */
const OTP_SEND_CODES = ['OTP_SENT', 'OTP_VERIFIED'] as const;
export const ZOtpSendResponse = z.object({ otpRef: text(), otpToken: text(), code: z.enum(OTP_SEND_CODES) });
export type TOtpSendResponse = z.infer<typeof ZOtpSendResponse>;

export const ZProfile = z.object({
  _id: text(),
  name: text(),
  username: text(),
  createdAt: z.iso.datetime(),
  coin: z.number().int().nonnegative(),
});

export const ZBankAccount = z.object({
  bankAccountName: text(),
  bankAccountNo: text(),
  /** The bank's code (KTB, SCB...): screens decide by code, never by matching the Thai name. */
  bankCode: text(),
  bank: ZLocalName,
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** Both required (KEY_MISSING); the password is never trimmed, and no stored password is longer than 128. */
export const ZLoginRequest = z.object({
  username: text().trim().min(1, { error: 'KEY_MISSING' }).max(32, { error: 'KEY_INVALID' }),
  password: text().min(1, { error: 'KEY_MISSING' }).max(128, { error: 'KEY_INVALID' }),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
/** `mustChangePassword`: an operator reset the password; the member sets a new one before anything else (docs/accounts.md). */
export const ZLoginResponse = z.object({ token: text(), mustChangePassword: z.boolean().optional() });

/* ---------------------------------------------------------------------------
 * Request and response schemas of the accounts feature (docs/accounts.md), written once
 * for the server routes and the web forms. A rule's zod message is its error
 * code, so the server answers that code and the web translates it.
 * ------------------------------------------------------------------------- */

/** The build a schema serves: the Lao build has no phone length check and a currency choice. */
export type TMarket = { lao: boolean };

/** Required text: absent or blank answers KEY_MISSING (docs/http.md, "Validation"). */
const required = () => text().trim().min(1, { error: 'KEY_MISSING' });

/** Member and bank account names are kept in upper case (docs/accounts.md, "Registration"). */
const ZPersonName = required()
  .max(100, { error: 'KEY_INVALID' })
  .overwrite((s) => s.replace(/\s+/g, ' '))
  .toUpperCase();

/** Letters of any script, spaces and the few marks real names carry; no digits or symbols. */
const NAME_CHARS = /^[\p{L}\p{M} .'-]+$/u;
/** Banks in LATIN_NAME_BANKS keep the account name in Latin letters and spaces only. */
export const LATIN_NAME = /^[A-Za-z ]+$/;

export function isLatinNameBank(bankCode: string): boolean {
  return (LATIN_NAME_BANKS as readonly string[]).includes(bankCode);
}

/** Phone (= username): exactly 10 digits on the default build; digits only on the Lao build. */
export function createPhoneSchema({ lao }: TMarket) {
  const base = required().max(20, { error: 'KEY_INVALID' });
  return lao
    ? base.regex(/^\d+$/, { error: 'KEY_INVALID' })
    : base.regex(new RegExp(`^\\d{${LIMITS.phoneLength}}$`), { error: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
}

/** Passwords: at least LIMITS.passwordMin characters; the cap keeps hashing cost bounded. */
export const ZNewPassword = text()
  .min(1, { error: 'KEY_MISSING' })
  .min(LIMITS.passwordMin, { error: 'KEY_INVALID' })
  .max(128, { error: 'KEY_INVALID' });

const ZBankCode = required().max(20, { error: 'KEY_INVALID' }).toUpperCase();
const ZBankAccountNo = required().regex(/^\d{6,20}$/, { error: 'KEY_INVALID' });
const ZBankAccountName = required()
  .max(100, { error: 'KEY_INVALID' })
  .regex(NAME_CHARS, { error: 'KEY_INVALID' })
  .overwrite((s) => s.replace(/\s+/g, ' '))
  .toUpperCase();

/** The Latin-only rule for KTB, TMB and BBL, checked wherever a bank and a name arrive together. */
function latinNameRule(value: { bankCode?: unknown; bankAccountName?: unknown }, ctx: z.RefinementCtx): void {
  const { bankCode, bankAccountName } = value;
  if (typeof bankCode !== 'string' || typeof bankAccountName !== 'string') return;
  if (isLatinNameBank(bankCode.trim().toUpperCase()) && !LATIN_NAME.test(bankAccountName.trim())) {
    ctx.addIssue({ code: 'custom', message: 'BANK_ACCOUNT_NAME_ENG', path: ['bankAccountName'] });
  }
}

/** Currency on the wire: THB on the default build; LAK or BAHT (= THB) on the Lao build, default LAK. */
const WIRE_CURRENCIES = ['THB', ...LAO_CURRENCY_CHOICES] as const;
function createCurrencySchema({ lao }: TMarket) {
  const allowed: readonly string[] = lao ? WIRE_CURRENCIES : ['THB'];
  return z
    .enum(WIRE_CURRENCIES, { error: 'KEY_INVALID' })
    .optional()
    .refine((c) => c === undefined || allowed.includes(c), { error: 'KEY_INVALID' });
}

/** The wire currency as stored: BAHT is THB; absent is the build's default. */
export function storedCurrency(currency: (typeof WIRE_CURRENCIES)[number] | undefined, { lao }: TMarket): Currency {
  if (currency === undefined) return lao ? 'LAK' : 'THB';
  return currency === 'LAK' ? 'LAK' : 'THB';
}

const ZOptionalCode = text().trim().max(40, { error: 'KEY_INVALID' }).optional();

/**
 * Every accounts schema that depends on the build. The server builds them once
 * with its configuration; the web builds them with its build mode.
 */
export function createAccountSchemas(market: TMarket) {
  const phone = createPhoneSchema(market);
  /** Step 3 of the wizard: the profile fields, checked on the server before the bank step. */
  const ZValidateRequest = z.object({
    name: ZPersonName,
    username: phone,
    password: ZNewPassword,
    sourceCode: ZOptionalCode,
    inviteCode: ZOptionalCode,
    currency: createCurrencySchema(market),
  });
  const ZRegisterRequest = ZValidateRequest.extend({
    bankCode: ZBankCode,
    bankAccountName: ZBankAccountName,
    bankAccountNo: ZBankAccountNo,
  }).superRefine(latinNameRule);
  const ZOtpSendRequest = z.object({ phoneNumber: phone });
  return { ZValidateRequest, ZRegisterRequest, ZOtpSendRequest };
}

type TAccountSchemas = ReturnType<typeof createAccountSchemas>;
export type TValidateRequest = z.infer<TAccountSchemas['ZValidateRequest']>;
export type TRegisterRequest = z.infer<TAccountSchemas['ZRegisterRequest']>;

export const ZValidateResponse = z.object({ valid: z.literal(true) });
export const ZRegisterResponse = z.object({ _id: text(), username: text() });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZOtpVerifyRequest = z.object({
  otpToken: required().max(200, { error: 'OTP_TOKEN_INVALID' }),
  otpCode: required().regex(/^\d{6}$/, { error: 'OTP_CODE_INVALID' }),
});
export type TOtpVerifyRequest = z.infer<typeof ZOtpVerifyRequest>;
export const ZOtpVerifyResponse = z.object({ code: z.literal('OTP_CODE_VALID') });

/**
 * Forgotten password (docs/accounts.md, "Forgotten password"): the phone goes in the
 * market's ZOtpSendRequest; the answer is the same whether the phone is a member's or not.
 */
export const ZPasswordForgotResponse = z.object({ otpRef: text(), otpToken: text() });
export type TPasswordForgotResponse = z.infer<typeof ZPasswordForgotResponse>;
export const ZPasswordResetRequest = z.object({
  otpToken: required().max(200, { error: 'OTP_TOKEN_INVALID' }),
  otpCode: required().regex(/^\d{6}$/, { error: 'OTP_CODE_INVALID' }),
  password: ZNewPassword,
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** Passwords are never trimmed: a space is a character the member chose. */
export const ZChangePasswordRequest = z.object({
  oldPassword: text().min(1, { error: 'KEY_MISSING' }).max(128, { error: 'WRONG_PASSWORD' }),
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
/** A password change ends every session; the answer carries a fresh token for this device. */
export const ZChangePasswordResponse = ZLoginResponse;

export const ZBankAccountNameRequest = z.object({ bankCode: ZBankCode, bankAccountName: ZBankAccountName }).superRefine((value, ctx) => {
  // Only the Latin-name banks may edit the name, and only into Latin letters.
  if (typeof value.bankCode === 'string' && !isLatinNameBank(value.bankCode)) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_BANK', path: ['bankCode'] });
  }
  latinNameRule({ bankCode: value.bankCode, bankAccountName: value.bankAccountName }, ctx);
});
export type TBankAccountNameRequest = z.infer<typeof ZBankAccountNameRequest>;

export const ZProfileUpdateRequest = z
  .object({ name: ZPersonName, bankCode: ZBankCode, bankAccountName: ZBankAccountName, bankAccountNo: ZBankAccountNo })
  .superRefine(latinNameRule);
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

/** GET /api/account/profile: the profile plus the member number behind the invite code. */
export const ZProfileResponse = ZProfile.extend({
  memberNo: z.number().int().positive(),
  inviteCode: text(),
});
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

/** Answers of calls that only confirm (logout, profile and bank-name updates). */
export const ZOkResponse = z.object({ message: z.literal('OK') });
