import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createRegisterForms, PASSWORD_MISMATCH } from './register-schemas';

const forms = createRegisterForms({ lao: false });
const laoForms = createRegisterForms({ lao: true });

/** field -> first error code, as the form shows it. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('phone step', () => {
  it('needs exactly 10 digits on the default build', () => {
    expect(errorsOf(forms.phone, { phone: '081234567' })).toEqual({ phone: 'PHONE_NUMBER_REQUIRE_10_DIGIT' });
    expect(errorsOf(forms.phone, { phone: '0812345678' })).toEqual({});
  });

  it('has no length check on the Lao build', () => {
    expect(errorsOf(laoForms.phone, { phone: '02055512' })).toEqual({});
    expect(errorsOf(laoForms.phone, { phone: '020555123456' })).toEqual({});
  });

  it('asks for the phone when it is empty', () => {
    expect(errorsOf(forms.phone, { phone: '  ' })).toEqual({ phone: 'KEY_MISSING' });
  });
});

describe('code step', () => {
  it('takes a 6-digit code', () => {
    expect(errorsOf(forms.otp, { otpCode: '123456' })).toEqual({});
    expect(errorsOf(forms.otp, { otpCode: '12345' })).toEqual({ otpCode: 'OTP_CODE_INVALID' });
    expect(errorsOf(forms.otp, { otpCode: '' })).toEqual({ otpCode: 'KEY_MISSING' });
  });
});

describe('profile step', () => {
  it("says the passwords don't match", () => {
    expect(errorsOf(forms.profile, { name: 'Somchai', password: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: PASSWORD_MISMATCH,
    });
  });

  it('asks for every field when all are empty, without a mismatch on top', () => {
    expect(errorsOf(forms.profile, { name: '', password: '', confirmPassword: '' })).toEqual({
      name: 'KEY_MISSING',
      password: 'KEY_MISSING',
      confirmPassword: 'KEY_MISSING',
    });
  });

  it('upper-cases the name it hands on', () => {
    const parsed = forms.profile.parse({ name: ' somchai  jaidee ', password: 'secret1', confirmPassword: 'secret1' });
    expect(parsed.name).toBe('SOMCHAI JAIDEE');
  });
});

describe('bank step', () => {
  const valid = { bankCode: 'KTB', firstName: 'SOMCHAI', lastName: 'JAIDEE', bankAccountNo: '1234567890', sourceCode: '', currency: 'LAK' };

  it('accepts a complete bank form', () => {
    expect(errorsOf(forms.bank, valid)).toEqual({});
  });

  it('needs bank, names and account number', () => {
    expect(errorsOf(forms.bank, { ...valid, bankCode: '', firstName: '', lastName: '', bankAccountNo: '' })).toEqual({
      bankCode: 'KEY_MISSING',
      firstName: 'KEY_MISSING',
      lastName: 'KEY_MISSING',
      bankAccountNo: 'KEY_MISSING',
    });
  });

  it('wants English letters for KTB, TMB and BBL, on the name that breaks the rule', () => {
    for (const bankCode of ['KTB', 'TMB', 'BBL']) {
      expect(errorsOf(forms.bank, { ...valid, bankCode, lastName: 'ใจดี' })).toEqual({ lastName: 'BANK_ACCOUNT_NAME_ENG' });
    }
  });

  it('accepts Thai and Lao names for other banks', () => {
    expect(errorsOf(forms.bank, { ...valid, bankCode: 'KBANK', firstName: 'สมชาย', lastName: 'ใจดี' })).toEqual({});
    expect(errorsOf(laoForms.bank, { ...valid, bankCode: 'BCEL', firstName: 'ສົມໃຈ', lastName: 'ແກ້ວ' })).toEqual({});
  });

  it('refuses an account number that is not 6 to 20 digits', () => {
    expect(errorsOf(forms.bank, { ...valid, bankAccountNo: '12-34' })).toEqual({ bankAccountNo: 'KEY_INVALID' });
  });
});
