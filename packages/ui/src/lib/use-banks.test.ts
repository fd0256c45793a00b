import { describe, expect, it } from 'vitest';
import { laoBanksFirst } from './use-banks';

const bank = (code: string) => ({ code, nameTH: code, nameLA: code, nameEN: code });

describe('laoBanksFirst', () => {
  it('puts the Lao banks before the Thai ones, each side in the given order', () => {
    const listed = ['BBL', 'KBANK', 'BCEL', 'SCB', 'LDB', 'JDB', 'APB'].map(bank);
    expect(laoBanksFirst(listed).map((b) => b.code)).toEqual(['BCEL', 'LDB', 'JDB', 'APB', 'BBL', 'KBANK', 'SCB']);
  });
});
