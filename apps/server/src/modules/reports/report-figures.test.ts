import { describe, expect, it } from 'vitest';
import { figureOf } from './report-figures.ts';
import type { LedgerDay } from './report-repository.ts';

const row = (account_code: string, credits: bigint, debits: bigint): LedgerDay => ({
  day: '2026-11-28',
  currency: 'THB',
  entry_kind: 'deposit.qr',
  account_kind: 'system',
  account_code,
  debits,
  credits,
  postings: 1n,
});

describe('what a deposit entry reports', () => {
  it('a held deposit counts once, on the side that paid in, not again on the held account', () => {
    expect(figureOf(row('gateway:WW', 15_000n, 0n))).toMatchObject({ figure: 'deposit', channel: 'qr:WW', amount: 15_000n });
    expect(figureOf(row('care:held', 0n, 15_000n))).toBeUndefined();
  });
});
