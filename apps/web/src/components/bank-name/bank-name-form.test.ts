import { describe, expect, it } from 'vitest';
import { bankNameForm, LATIN_REQUIRED } from './bank-name-form';

function errorOf(value: unknown): string | undefined {
  const result = bankNameForm.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('bank account name form', () => {
  it('is required', () => {
    expect(errorOf({ bankAccountName: '   ' })).toBe('KEY_MISSING');
  });

  it('wants English letters and spaces only', () => {
    expect(errorOf({ bankAccountName: 'สมชาย ใจดี' })).toBe(LATIN_REQUIRED);
    expect(errorOf({ bankAccountName: 'SOMCHAI 2' })).toBe(LATIN_REQUIRED);
  });

  it('hands on the name trimmed, single-spaced and upper-cased', () => {
    expect(bankNameForm.parse({ bankAccountName: ' somchai   jaidee ' }).bankAccountName).toBe('SOMCHAI JAIDEE');
  });
});
