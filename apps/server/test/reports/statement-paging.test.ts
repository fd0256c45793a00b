import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { ZStatementResponse, type TStatement, type TStatementResponse } from '@jetton/contract/wallet';
import { call } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { activated, expectHealthy, fund, transfer, walletMember, type WalletMember } from '../support/wallet-support.ts';
import { withdraw } from '../support/withdraw-support.ts';

/**
 * Paging a long statement while new lines arrive. Lines are numbered per
 * member in the order they were written and new ones only ever enter at the
 * top (docs/growth.md "The statement"), so a line's number from the bottom is
 * `total - (page - 1) * limit - index` in any answer, whatever was written
 * between two pages. A client that keys lines by that number sees each exactly once.
 */
describe.each(testEngines())('statement paging on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const LIMIT = 7;
  const page = async (m: WalletMember, p: number, limit = LIMIT): Promise<TStatementResponse> => {
    const res = await call(t, 'POST', ROUTES.statement.list, { page: p, limit }, { token: m.token });
    expect(res.statusCode, res.body).toBe(200);
    return ZStatementResponse.parse(res.json());
  };
  // What a line is, for comparing two reads of it. Not its status: that is live (the payout job, running
  // on its timer, may pay the withdrawal between two reads; a pending transfer may settle).
  const key = (s: TStatement) => `${s.statementType} ${s.from ?? '-'}>${s.to ?? '-'} ${s.amount} ${s.createdAt}`;

  it('pages through every line exactly once, newest first, with the total right, while lines are written between pages', async () => {
    const m = await walletMember(t, 50_000n);
    await activated(t, m, 'pg');
    // 24 lines of three sources: deposits (ledger entries), transfers (one line per leg) and a withdrawal.
    for (let i = 0; i < 10; i += 1) {
      t.clock.advance(1_000);
      await fund(t, m.id, BigInt(100 + i));
      await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 1 + i });
    }
    await transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 5 });
    expect((await withdraw(t, m.token, { amount: 100 })).statusCode).toBe(200);
    t.clock.advance(1_000);

    const first = await page(m, 1);
    expect(first.total).toBe(1 + 10 + 10 + 1 + 1); // the walletMember deposit, 10 deposits, 11 transfers, 1 withdrawal

    // Page on, writing a new line of each source between pages.
    const seen = new Map<number, string>();
    const keep = (answer: TStatementResponse, p: number) =>
      answer.statements.forEach((line, index) => {
        const number = answer.total - (p - 1) * LIMIT - index;
        const earlier = seen.get(number);
        if (earlier !== undefined) expect(key(line), `line ${number} read twice, differently`).toBe(earlier);
        seen.set(number, key(line));
      });
    keep(first, 1);
    const writes = [
      () => fund(t, m.id, 7n),
      () => transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 3 }),
      async () => expect((await withdraw(t, m.token, { amount: 100 })).statusCode).toBe(200),
    ];
    let p = 2;
    for (; (p - 1) * LIMIT < first.total + writes.length; p += 1) {
      await writes[p - 2]?.();
      keep(await page(m, p), p);
    }
    const last = await page(m, p);
    expect(last.statements).toEqual([]);
    // The lines written meanwhile are at the top of page 1 now.
    const again = await page(m, 1);
    keep(again, 1);

    const total = first.total + writes.length;
    expect(last.total).toBe(total);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    // Newest first, and the same lines as one read of the whole statement.
    const whole = await page(m, 1, 100);
    expect(whole.total).toBe(total);
    expect(whole.statements.map(key)).toEqual([...seen.entries()].sort(([a], [b]) => b - a).map(([, line]) => line));
    expect(again.statements.slice(0, writes.length).map((s) => s.statementType)).toEqual(['withdraw', 'transfer', 'deposit']);
    await expectHealthy(t);
  });

  it('counts only the member’s own lines, and a page past the end is empty with the total', async () => {
    const a = await walletMember(t, 1_000n);
    const b = await walletMember(t);
    await fund(t, a.id, 5n);
    expect(await page(b, 1)).toEqual({ total: 0, statements: [] });
    expect(await page(a, 1)).toMatchObject({ total: 2 });
    expect(await page(a, 2, 2)).toEqual({ total: 2, statements: [] });
  });
});
