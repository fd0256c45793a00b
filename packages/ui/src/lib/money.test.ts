import { describe, expect, it } from 'vitest';
import { multiplyAmount, parseAmountInput, sumAmounts } from './money';

describe('sumAmounts', () => {
  it('adds in minor units, without float noise', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([1_000_000.01, 0.02, 99.97])).toBe(1_000_100);
  });

  it('is 0 for nothing', () => {
    expect(sumAmounts([])).toBe(0);
  });
});

describe('multiplyAmount', () => {
  it('keeps two decimals', () => {
    expect(multiplyAmount(12.34, 10)).toBe(123.4);
    expect(multiplyAmount(0.07, 3)).toBe(0.21);
  });
});

describe('parseAmountInput', () => {
  it('reads whole and decimal amounts, with a dot or a comma', () => {
    expect(parseAmountInput('100')).toBe(100);
    expect(parseAmountInput(' 12.5 ')).toBe(12.5);
    expect(parseAmountInput('12,75')).toBe(12.75);
    expect(parseAmountInput('7.')).toBe(7);
  });

  it('reads commas that group thousands, with or without decimals', () => {
    expect(parseAmountInput('1,000')).toBe(1000);
    expect(parseAmountInput('1000.50')).toBe(1000.5);
    expect(parseAmountInput('1,000.50')).toBe(1000.5);
    expect(parseAmountInput('12,345,678.9')).toBe(12_345_678.9);
    expect(parseAmountInput('50,000,000')).toBe(50_000_000);
    expect(parseAmountInput('1 000')).toBe(1000);
    expect(parseAmountInput('1\u202f000,5')).toBe(1000.5);
  });

  it('refuses empty text, signs, letters, a third decimal and broken groups', () => {
    const bad = [
      '',
      '-5',
      'abc',
      '1.234',
      '1e3',
      '.5',
      '1.2.3',
      ',5',
      '1,00,0',
      '1,0000',
      '12,345,67',
      '1,000,0',
      '1.000,50',
      '1,000.505',
      '99999999999999',
    ];
    for (const text of bad) expect(parseAmountInput(text), text).toBeUndefined();
  });
});
