import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GAME_CODES, LIMITS } from './constants.ts';
import { createAccountSchemas, createPhoneSchema, ZLoginRequest, ZNewPassword } from './account.ts';
import { decimalToMinor, fromMinor, minorToDecimal, toMinor, ZAmount } from './money.ts';
import { WALLET, ZTransferAllRequest, ZTransferRequest } from './wallet.ts';
import { ZWithdrawRequest } from './withdraw.ts';

/** The error codes a schema answers for `input` (each issue's message is its code), or [] when it accepts. */
function codes(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const GAME = GAME_CODES[0];

describe('ZAmount', () => {
  it('accepts whole amounts and up to two decimals, from 0 to the maximum', () => {
    for (const amount of [0, 1, 100.5, 100.55, 0.01, LIMITS.amountMax]) expect(codes(ZAmount, amount)).toEqual([]);
  });

  it('refuses a third decimal, a negative, above the maximum, NaN and Infinity', () => {
    for (const amount of [1.001, 0.005, -1, LIMITS.amountMax + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(ZAmount.safeParse(amount).success, String(amount)).toBe(false);
    }
  });

  it('refuses an amount written as text', () => {
    expect(ZAmount.safeParse('100').success).toBe(false);
  });
});

describe('minor units', () => {
  it('turns decimals into exact integer minor units and back', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30n);
    expect(toMinor(1234.56)).toBe(123456n);
    expect(fromMinor(123456n)).toBe(1234.56);
  });

  it('reads and writes decimal text without a float on the way', () => {
    expect(decimalToMinor('100')).toBe(10000n);
    expect(decimalToMinor('100.5')).toBe(10050n);
    expect(decimalToMinor('999999999999.99')).toBe(99999999999999n);
    expect(minorToDecimal(10050n)).toBe('100.50');
    expect(minorToDecimal(-5n)).toBe('-0.05');
  });
});

describe('phone', () => {
  const thai = createPhoneSchema({ lao: false });
  const lao = createPhoneSchema({ lao: true });

  it('wants exactly 10 digits on the default build', () => {
    expect(codes(thai, '0812345678')).toEqual([]);
    expect(codes(thai, '081234567')).toEqual(['PHONE_NUMBER_REQUIRE_10_DIGIT']);
    expect(codes(thai, '08123456789')).toEqual(['PHONE_NUMBER_REQUIRE_10_DIGIT']);
    expect(codes(thai, '08-1234567')).toEqual(['PHONE_NUMBER_REQUIRE_10_DIGIT']);
  });

  it('takes any digits on the Lao build, but only digits', () => {
    expect(codes(lao, '02012345678')).toEqual([]);
    expect(codes(lao, '020 1234')).toEqual(['KEY_INVALID']);
  });

  it('answers KEY_MISSING for a blank phone and trims around one', () => {
    expect(codes(thai, '   ')).toContain('KEY_MISSING');
    expect(thai.parse(' 0812345678 ')).toBe('0812345678');
  });

  it('refuses a NUL byte', () => {
    expect(codes(thai, '081234567\u0000')).not.toEqual([]);
  });
});

describe('request schemas', () => {
  it('login: both fields required, over-long refused', () => {
    expect(codes(ZLoginRequest, { username: '0812345678', password: 'secret' })).toEqual([]);
    expect(codes(ZLoginRequest, { username: ' ', password: 'secret' })).toEqual(['KEY_MISSING']);
    expect(codes(ZLoginRequest, { username: '0812345678', password: '' })).toEqual(['KEY_MISSING']);
    expect(codes(ZLoginRequest, { username: '0812345678', password: 'x'.repeat(129) })).toEqual(['KEY_INVALID']);
  });

  it('new password: at least the minimum length', () => {
    expect(codes(ZNewPassword, 'x'.repeat(LIMITS.passwordMin))).toEqual([]);
    expect(codes(ZNewPassword, 'x'.repeat(LIMITS.passwordMin - 1))).toEqual(['KEY_INVALID']);
  });

  it('transfer: zero is TRANSFER_MINIMUM (the currency minimum is the server check), a negative KEY_INVALID, an unknown game NO_GAME', () => {
    expect(codes(ZTransferRequest, { from: WALLET, to: GAME, amount: 0.5 })).toEqual([]);
    expect(codes(ZTransferRequest, { from: WALLET, to: GAME, amount: 0 })).toEqual(['TRANSFER_MINIMUM']);
    expect(codes(ZTransferRequest, { from: WALLET, to: GAME, amount: -1 })).not.toContain('TRANSFER_MINIMUM');
    expect(codes(ZTransferRequest, { from: WALLET, to: 'NOT_A_GAME', amount: 10 })).toEqual(['NO_GAME']);
    expect(codes(ZTransferRequest, { from: WALLET, to: '', amount: 10 })).toEqual(['KEY_MISSING']);
  });

  it('transfer: the same side twice is refused', () => {
    expect(codes(ZTransferRequest, { from: WALLET, to: WALLET, amount: 10 })).toEqual(['KEY_INVALID']);
  });

  it('transfer all: the wallet is no destination', () => {
    expect(codes(ZTransferAllRequest, { to: GAME })).toEqual([]);
    expect(codes(ZTransferAllRequest, { to: WALLET })).toEqual(['KEY_INVALID']);
  });

  it('withdraw: an amount with three decimals is refused', () => {
    expect(codes(ZWithdrawRequest, { amount: 100 })).toEqual([]);
    expect(ZWithdrawRequest.safeParse({ amount: 100.001 }).success).toBe(false);
    expect(ZWithdrawRequest.safeParse({}).success).toBe(false);
  });

  it('registration: the Thai build refuses a Lao currency, a short bank account number and a Thai name at a Latin-only bank', () => {
    const { ZRegisterRequest } = createAccountSchemas({ lao: false });
    const valid = {
      name: 'somchai  jaidee',
      username: '0812345678',
      password: 'x'.repeat(LIMITS.passwordMin),
      bankCode: 'kbank',
      bankAccountName: 'somchai jaidee',
      bankAccountNo: '1234567890',
    };
    const parsed = ZRegisterRequest.parse(valid);
    expect(parsed.name).toBe('SOMCHAI JAIDEE');
    expect(parsed.bankCode).toBe('KBANK');
    expect(codes(ZRegisterRequest, { ...valid, currency: 'LAK' })).toEqual(['KEY_INVALID']);
    expect(codes(ZRegisterRequest, { ...valid, bankAccountNo: '12345' })).toEqual(['KEY_INVALID']);
    expect(codes(ZRegisterRequest, { ...valid, bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' })).toEqual(['BANK_ACCOUNT_NAME_ENG']);
  });
});
