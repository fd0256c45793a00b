import { describe, expect, it } from 'vitest';
import { readGameAmount } from './game-amount';

describe('readGameAmount', () => {
  it('treats an empty field and zero as "no transfer"', () => {
    expect(readGameAmount('')).toEqual({ kind: 'empty' });
    expect(readGameAmount('  ')).toEqual({ kind: 'empty' });
    expect(readGameAmount('0')).toEqual({ kind: 'empty' });
    expect(readGameAmount('0.00')).toEqual({ kind: 'empty' });
  });

  it('reads an amount of at least 1 baht', () => {
    expect(readGameAmount('100')).toEqual({ kind: 'amount', amount: 100 });
    expect(readGameAmount('1')).toEqual({ kind: 'amount', amount: 1 });
  });

  it('refuses less than the minimum and what is not an amount', () => {
    expect(readGameAmount('0.5')).toEqual({ kind: 'invalid', reason: 'minimum' });
    expect(readGameAmount('abc')).toEqual({ kind: 'invalid', reason: 'format' });
    expect(readGameAmount('1.999')).toEqual({ kind: 'invalid', reason: 'format' });
  });
});
