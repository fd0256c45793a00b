import { describe, expect, it } from 'vitest';
import { WALLET } from '@jetton/contract/wallet';
import { TRANSFER_RULES, transferAccounts, transferForm } from './transfer-form';

function errorsOf(value: unknown): Record<string, string> {
  const result = transferForm(1).safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('transfer form', () => {
  it("asks to select both accounts ('select account')", () => {
    expect(errorsOf({ from: '', to: '', amount: '100' })).toEqual({
      from: TRANSFER_RULES.selectAccount,
      to: TRANSFER_RULES.selectAccount,
    });
    expect(errorsOf({ from: WALLET, to: '', amount: '100' })).toEqual({ to: TRANSFER_RULES.selectAccount });
  });

  it("refuses the same account on both sides ('cannot transfer')", () => {
    expect(errorsOf({ from: 'pg', to: 'pg', amount: '100' })).toEqual({ to: TRANSFER_RULES.sameAccount });
  });

  it('says every problem at once', () => {
    expect(errorsOf({ from: 'pg', to: 'pg', amount: '0.5' })).toEqual({
      to: TRANSFER_RULES.sameAccount,
      amount: TRANSFER_RULES.minimum,
    });
  });

  it('wants at least 1 baht', () => {
    expect(errorsOf({ from: WALLET, to: 'pg', amount: '' })).toEqual({ amount: TRANSFER_RULES.minimum });
    expect(errorsOf({ from: WALLET, to: 'pg', amount: '0.99' })).toEqual({ amount: TRANSFER_RULES.minimum });
    expect(errorsOf({ from: WALLET, to: 'pg', amount: '1' })).toEqual({});
  });

  it('refuses an amount that is not a number with at most two decimals', () => {
    expect(errorsOf({ from: WALLET, to: 'pg', amount: '12.345' })).toEqual({ amount: TRANSFER_RULES.invalidAmount });
    expect(errorsOf({ from: WALLET, to: 'pg', amount: '-5' })).toEqual({ amount: TRANSFER_RULES.invalidAmount });
  });

  it('hands on the amount as a number', () => {
    expect(transferForm(1).parse({ from: 'pg', to: WALLET, amount: '1250.5' })).toEqual({
      from: 'pg',
      to: WALLET,
      amount: 1250.5,
    });
  });
});

describe('transferAccounts', () => {
  it('offers the wallet and the active game accounts only', () => {
    const games = [
      { code: 'pg', name: 'Pagoda Gold', isActive: true },
      { code: 'imi', name: 'Imi Lanterns', isActive: false },
    ];
    expect(transferAccounts(games)).toEqual([{ value: WALLET }, { value: 'pg', name: 'Pagoda Gold' }]);
  });
});
