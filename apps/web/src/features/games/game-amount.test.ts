import { describe, expect, it } from 'vitest';
import { readGameAmount } from './game-amount';

describe('readGameAmount', () => {
  it('treats an empty field and zero as "no transfer"', () => {
    expect(readGameAmount('', 1)).toEqual({ kind: 'empty' });
    expect(readGameAmount('  ', 1)).toEqual({ kind: 'empty' });
    expect(readGameAmount('0', 1)).toEqual({ kind: 'empty' });
    expect(readGameAmount('0.00', 1)).toEqual({ kind: 'empty' });
  });

  it('reads an amount of at least 1 baht', () => {
    expect(readGameAmount('100', 1)).toEqual({ kind: 'amount', amount: 100 });
    expect(readGameAmount('1', 1)).toEqual({ kind: 'amount', amount: 1 });
  });

  it('refuses less than the minimum and what is not an amount', () => {
    expect(readGameAmount('0.5', 1)).toEqual({ kind: 'invalid', reason: 'minimum' });
    expect(readGameAmount('abc', 1)).toEqual({ kind: 'invalid', reason: 'format' });
    expect(readGameAmount('1.999', 1)).toEqual({ kind: 'invalid', reason: 'format' });
  });

  it('holds a kip wallet to the kip minimum', () => {
    expect(readGameAmount('500', 1_000)).toEqual({ kind: 'invalid', reason: 'minimum' });
    expect(readGameAmount('1000', 1_000)).toEqual({ kind: 'amount', amount: 1_000 });
  });
});
