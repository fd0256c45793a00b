import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TDepositNoticeResponse, TDepositNoticeRequest } from '@jetton/contract/deposit';
import type { TDepositLookup } from '@jetton/contract/lookup';
import { ROUTES } from '@jetton/contract/routes';
import { call, expectError, setLookup } from '../support/accounts-support.ts';
import { coinsOf, depositMember, expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('manual deposits confirmed by an operator (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  const notify = (token: string, body: TDepositNoticeRequest | object, key: string | null = randomUUID()) =>
    call(t, 'POST', ROUTES.wallet.add, body, { token, headers: key ? { 'idempotency-key': key } : {} });
  const decide = (id: string, decision: 'confirm' | 'reject') =>
    t.app.inject({ method: 'POST', url: `/sandbox/ops/deposits/${id}/${decision}` });

  it('switches the deposit lookup to manual mode (operator setting)', async () => {
    const current = (await call(t, 'GET', ROUTES.lookup.deposit)).json<TDepositLookup>();
    await setLookup(t, 'deposit', { ...current, isManual: true });
    expect((await call(t, 'GET', ROUTES.lookup.deposit)).json<TDepositLookup>().isManual).toBe(true);
    await setLookup(t, 'deposit', current);
  });

  it('records a notice processing; an operator’s confirm credits it once, with coins', async () => {
    const m = await depositMember(t);
    const res = await notify(m.token, { amount: 500 });
    expect(res.statusCode, res.body).toBe(201);
    const notice = res.json<TDepositNoticeResponse>();
    expect(notice).toMatchObject({ amount: 500, status: 'processing' });
    expect(await walletBalance(t, m.id)).toBe(0n);
    const listed = (await t.app.inject({ method: 'GET', url: '/sandbox/ops/deposits' })).json<{ notices: { id: string }[] }>();
    expect(listed.notices.map((n) => n.id)).toContain(notice.id);

    const confirms = await Promise.all([decide(notice.id, 'confirm'), decide(notice.id, 'confirm'), decide(notice.id, 'confirm')]);
    for (const c of confirms) expect(c.json()).toMatchObject({ id: notice.id, status: 'success' });
    expect(await walletBalance(t, m.id)).toBe(50_000n);
    expect(await coinsOf(t, m.id)).toBe(5);
    expectError(await decide(notice.id, 'reject'), 409, 'KEY_INVALID');
  });

  it('credits nothing for a rejected notice, and a rejected notice cannot be confirmed', async () => {
    const m = await depositMember(t);
    const notice = (await notify(m.token, { amount: 120.5 })).json<TDepositNoticeResponse>();
    expect((await decide(notice.id, 'reject')).json()).toMatchObject({ status: 'failed' });
    expectError(await decide(notice.id, 'confirm'), 409, 'KEY_INVALID');
    expect(await walletBalance(t, m.id)).toBe(0n);
    expectError(await decide(randomUUID(), 'confirm'), 404, 'NO_DATA');
  });

  it('validates the request: token, Idempotency-Key, amount', async () => {
    const m = await depositMember(t);
    expectError(await call(t, 'POST', ROUTES.wallet.add, { amount: 10 }), 401, 'invalid-token');
    expectError(await notify(m.token, { amount: 10 }, null), 400, 'KEY_MISSING');
    expectError(await notify(m.token, { amount: 0 }), 400, 'KEY_INVALID');
    expectError(await notify(m.token, { amount: 1.001 }), 400, 'KEY_INVALID');
    expectError(await notify(m.token, {}), 400, 'KEY_MISSING');
  });
});
