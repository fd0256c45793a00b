import { describe, expect, it } from 'vitest';
import { resolveBankCode } from './bank-code';

const banks = [
  { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' },
  { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
];

describe('resolveBankCode', () => {
  it('uses the code when the account carries one', () => {
    expect(resolveBankCode({ bankCode: 'BBL', bank: { nameTH: 'ธนาคารกรุงเทพ' } }, banks)).toBe('BBL');
  });

  it('finds the code by the Thai bank name', () => {
    expect(resolveBankCode({ bank: { nameTH: 'ธนาคารกรุงไทย' } }, banks)).toBe('KTB');
  });

  it('recognises a bare code shown for a bank missing from the list', () => {
    expect(resolveBankCode({ bank: { nameTH: 'KBANK' } }, banks)).toBe('KBANK');
  });

  it('gives nothing while the list is loading or for an unknown bank', () => {
    expect(resolveBankCode({ bank: { nameTH: 'ธนาคารกรุงไทย' } }, undefined)).toBeUndefined();
    expect(resolveBankCode({ bank: { nameTH: 'Unknown' } }, banks)).toBeUndefined();
  });
});
