import { describe, expect, it } from 'vitest';
import { checkWithdraw } from './withdraw-api';

describe('checkWithdraw', () => {
  const limits = { withdrawMin: 100, withdrawMax: 5000 };
  it('applies the server min and max', () => {
    expect(checkWithdraw(undefined, limits)).toBe('invalid');
    expect(checkWithdraw(99.99, limits)).toBe('min');
    expect(checkWithdraw(100, limits)).toBe('ok');
    expect(checkWithdraw(5000, limits)).toBe('ok');
    expect(checkWithdraw(5000.01, limits)).toBe('max');
  });

  it('says the wallet is short before any limit, when the balance is known', () => {
    expect(checkWithdraw(9_999_999, limits, 3450)).toBe('balance');
    expect(checkWithdraw(3450.01, limits, 3450)).toBe('balance');
    expect(checkWithdraw(3450, limits, 3450)).toBe('ok');
    expect(checkWithdraw(50, limits, 3450)).toBe('min');
  });
});
