import { describe, expect, it } from 'vitest';
import { totalBalance } from './total-balance';

describe('totalBalance', () => {
  it('adds the wallet and every game account', () => {
    expect(totalBalance({ wallet: { amount: 900 }, slots: [{ amount: 100 }, { amount: 12.5 }, { amount: 0 }] })).toBe(1012.5);
  });

  it('is the wallet alone when no game has credit', () => {
    expect(totalBalance({ wallet: { amount: 42.1 }, slots: [] })).toBe(42.1);
  });

  it('does not drift with decimals', () => {
    expect(totalBalance({ wallet: { amount: 0.1 }, slots: [{ amount: 0.2 }, { amount: 0.7 }] })).toBe(1);
  });
});
