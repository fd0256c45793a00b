import { describe, expect, it } from 'vitest';
import { WALLET } from '@jetton/contract/wallet';
import sharedEn from '@jetton/ui/i18n/en.json';
import en from '@/i18n/en.json';
import { channelParts, shortReference, signedAmount, statementSign, statementStatus } from './statement-view';

describe('statementStatus', () => {
  it('maps SUCCESS and FAILED, and everything else to in progress', () => {
    expect(statementStatus('SUCCESS')).toBe('success');
    expect(statementStatus('FAILED')).toBe('failed');
    expect(statementStatus('PENDING')).toBe('progress');
    expect(statementStatus('processing')).toBe('progress');
    expect(statementStatus('')).toBe('progress');
  });
});

describe('statementSign', () => {
  it('is + for money into the wallet and - for money out (the server signs amounts)', () => {
    expect(statementSign({ from: 'pg', amount: 100 })).toBe('+');
    expect(statementSign({ from: WALLET, amount: -100 })).toBe('-');
    expect(statementSign({ from: null, amount: 500 })).toBe('+');
  });

  it('signs a zero amount by its direction', () => {
    expect(statementSign({ from: WALLET, amount: 0 })).toBe('-');
    expect(statementSign({ from: 'pg', amount: 0 })).toBe('+');
  });
});

describe('signedAmount', () => {
  it('shows the sign, two decimals and thousands separators', () => {
    expect(signedAmount({ from: 'pg', amount: 1234.5 })).toBe('+1,234.50');
    expect(signedAmount({ from: WALLET, amount: -100 })).toBe('-100.00');
    expect(signedAmount({ from: WALLET, amount: -0.05 })).toBe('-0.05');
  });
});

describe('shortReference', () => {
  it('keeps the end of a long reference and a short one whole', () => {
    expect(shortReference('20260105ABCD12EF34GH')).toBe('…EF34GH');
    expect(shortReference('AB12CD34')).toBe('AB12CD34');
  });
});

describe('channelParts', () => {
  // The English messages (the site's own, else the shared ones) with i18next's {{name}} interpolation, so the wording under test is the shipped one.
  const t = (key: string, values: Record<string, string> = {}) => {
    const find = (root: unknown) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root);
    const text = find(en) ?? find(sharedEn);
    return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
  const bankName = (code: string) => ({ KBANK: 'Kasikornbank' })[code] ?? code;

  it('words each channel with what identifies it, never a raw id', () => {
    expect(channelParts({ kind: 'slip', reference: '20260105ABCD12EF34GH' }, t, bankName)).toEqual([
      'Bank transfer (slip)',
      'Ref. …EF34GH',
    ]);
    expect(channelParts({ kind: 'slip', reference: null }, t, bankName)).toEqual(['Bank transfer (slip)']);
    expect(channelParts({ kind: 'qr', provider: 'PAYTIMZ', reference: 'K9X2QA7B3C4D5E6F' }, t, bankName)).toEqual([
      'QR code payment',
      'PAYTIMZ',
      'Ref. …4D5E6F',
    ]);
    expect(channelParts({ kind: 'qr', provider: null, reference: null }, t, bankName)).toEqual(['QR code payment']);
    expect(channelParts({ kind: 'giftlink' }, t, bankName)).toEqual(['TrueMoney gift link']);
    expect(channelParts({ kind: 'manual' }, t, bankName)).toEqual(['Bank transfer (confirmed by staff)']);
  });

  it('names a withdrawal’s bank in the member’s language with the end of the account number', () => {
    expect(channelParts({ kind: 'payout', bankCode: 'KBANK', accountEnd: '7890' }, t, bankName)).toEqual(['To Kasikornbank ··7890']);
    expect(channelParts({ kind: 'payout', bankCode: 'BCEL', accountEnd: '' }, t, bankName)).toEqual(['To BCEL']);
  });
});
