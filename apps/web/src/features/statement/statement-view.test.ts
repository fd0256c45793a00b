import { describe, expect, it } from 'vitest';
import { WALLET } from '@jetton/contract/wallet';
import { signedAmount, statementSign, statementStatus } from './statement-view';

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
