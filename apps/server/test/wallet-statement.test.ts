import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { ZStatementResponse } from '@jetton/contract/wallet';
import { call, expectError } from './accounts-support.ts';
import { sandboxOf } from './demo-provider-helpers.ts';
import { testEngines } from './engines.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { activated, expectHealthy, setWalletRules, transfer, walletMember } from './wallet-support.ts';

describe.each(testEngines())('POST /api/statement on the %s database', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
    await setWalletRules(t, { providerTimeoutMs: 1_000 });
  });
  afterEach(async () => {
    await sandbox.resetFaults();
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const statement = (token: string | undefined, body: unknown) => call(t, 'POST', ROUTES.statement.list, body, { token });

  // Ledger entries are stamped by the database clock, transfers by the app's (moved by hand here),
  // so only lines of one source are compared for order.
  it('lists deposits and transfers, newest first, signed from the wallet: + in, - out, with their status', async () => {
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'pg');
    const step = async (body: { from: string; to: string; amount: number }, faults?: Parameters<typeof sandbox.setFaults>[0]) => {
      t.clock.advance(1_000);
      if (faults) await sandbox.setFaults(faults);
      await transfer(t, m.token, body);
      await sandbox.resetFaults();
    };
    await step({ from: 'WALLET', to: 'pg', amount: 30 });
    await step({ from: 'pg', to: 'WALLET', amount: 10.5 });
    await step({ from: 'WALLET', to: 'pg', amount: 7 }, { game: 'pg', failureRate: 1 });
    await step({ from: 'WALLET', to: 'pg', amount: 2 }, { game: 'pg', timeout: true });

    const res = await statement(m.token, { page: 1, limit: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZStatementResponse.parse(res.json());
    expect(body.total).toBe(5);
    const transfers = body.statements.filter((s) => s.statementType === 'transfer');
    expect(transfers.map(({ from, to, status, amount }) => ({ from, to, status, amount }))).toEqual([
      { from: 'WALLET', to: 'pg', status: 'PENDING', amount: -2 },
      { from: 'WALLET', to: 'pg', status: 'FAILED', amount: -7 },
      { from: 'pg', to: 'WALLET', status: 'SUCCESS', amount: 10.5 },
      { from: 'WALLET', to: 'pg', status: 'SUCCESS', amount: -30 },
    ]);
    expect(transfers[0]?.createdAt).toBe(t.clock.now().toISOString());
    expect(body.statements.filter((s) => s.statementType === 'deposit').map(({ createdAt: _, ...line }) => line)).toEqual([
      { statementType: 'deposit', from: null, to: 'WALLET', status: 'SUCCESS', amount: 100, description: null },
    ]);

    // Pages of 2: the same lines, in the same order, with the same total.
    const pages = await Promise.all([1, 2, 3].map(async (page) => ZStatementResponse.parse((await statement(m.token, { page, limit: 2 })).json())));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => p.statements)).toEqual(body.statements);
    expect(ZStatementResponse.parse((await statement(m.token, { page: 4, limit: 2 })).json())).toEqual({ total: 5, statements: [] });

    // Reconciled later, the pending line shows its final status.
    t.clock.advance(16_000);
    await t.app.transferReconciler.runOnce();
    const after = ZStatementResponse.parse((await statement(m.token, { page: 1, limit: 10 })).json());
    expect(after.statements.find((s) => s.statementType === 'transfer')).toMatchObject({ status: 'SUCCESS', amount: -2 });
  });

  it('a new member has an empty statement; bad paging is refused', async () => {
    const m = await walletMember(t);
    expect((await statement(m.token, { page: 1, limit: 10 })).json()).toEqual({ total: 0, statements: [] });
    expectError(await statement(m.token, {}), 400, 'KEY_MISSING');
    expectError(await statement(m.token, { page: 0, limit: 10 }), 400, 'KEY_INVALID');
    expectError(await statement(m.token, { page: 1, limit: 101 }), 400, 'KEY_INVALID');
    expectError(await statement(m.token, { page: 1.5, limit: 10 }), 400, 'KEY_INVALID');
    expectError(await statement(undefined, { page: 1, limit: 10 }), 401, 'invalid-token');
  });
});
