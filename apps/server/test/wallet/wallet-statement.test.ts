import { randomUUID } from 'node:crypto';
import { parse } from 'promptparse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TDepositNoticeResponse } from '@jetton/contract/deposit';
import { ROUTES } from '@jetton/contract/routes';
import { encryptTruelink, truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';
import { ZStatementResponse, type TQrState, type TSlip } from '@jetton/contract/wallet';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { call, expectError } from '../support/accounts-support.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { bankTransfer, depositMember, uploadSlip } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';
import { activated, expectHealthy, setWalletRules, transfer, walletMember } from '../support/wallet-support.ts';
import { withdraw } from '../support/withdraw-support.ts';

describe.each(testEngines())('POST /api/statement on the %s database', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // The tests run the slip verifier by hand.
    await t.app.services.slipVerifier.stop();
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
      { statementType: 'deposit', from: null, to: 'WALLET', status: 'SUCCESS', amount: 100, channel: null, description: null },
    ]);

    // Pages of 2: the same lines, in the same order, with the same total.
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) => ZStatementResponse.parse((await statement(m.token, { page, limit: 2 })).json())),
    );
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => p.statements)).toEqual(body.statements);
    expect(ZStatementResponse.parse((await statement(m.token, { page: 4, limit: 2 })).json())).toEqual({ total: 5, statements: [] });

    // Reconciled later, the pending line shows its final status.
    t.clock.advance(16_000);
    await t.app.services.transferReconciler.runOnce();
    const after = ZStatementResponse.parse((await statement(m.token, { page: 1, limit: 10 })).json());
    expect(after.statements.find((s) => s.statementType === 'transfer')).toMatchObject({ status: 'SUCCESS', amount: -2 });
  });

  it('describes each deposit and withdrawal by its channel, with what the member can recognise, never an internal id', async () => {
    const m = await depositMember(t);
    const self = createSelfUrl(t.app, undefined)();
    const post = (path: string, body: unknown) =>
      fetch(`${self}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    // A bank transfer proved by its slip.
    const { transRef, png } = await bankTransfer(t, { amount: 250.5, sender: m.sender });
    const uploaded = await uploadSlip(t, m.token, { bytes: png });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const slipId = uploaded.json<{ slip: TSlip }>().slip.reference;
    await t.app.services.slipVerifier.runOnce();

    // A QR paid at the sandbox gateway; the member's bank app shows its ref1.
    const qr = (await call(t, 'POST', '/api/qrcode/PAYTIMZ', { amount: 100 }, { token: m.token })).json<TQrState>();
    const qrId = qr.qrcodeId ?? '';
    const { payload } = await t.database.db.selectFrom('qr_codes').select('payload').where('id', '=', qrId).executeTakeFirstOrThrow();
    const ref1 = parse(payload)?.getTagValue('30', '02');
    expect(ref1).toMatch(/^[A-Z0-9]+$/);
    expect((await post('/sandbox/pay/pay', { payload })).status).toBe(200);

    // A TrueMoney gift link.
    const voucher = (await (await post('/sandbox/voucher/vouchers', { amount: 50 })).json()) as { link: string; hash: string };
    const envelope = await encryptTruelink(await truelinkKeyFromSecret(testConfig().secrets.truelinkSecret), voucher.link, '0891234567');
    const gift = await call(
      t,
      'POST',
      ROUTES.wallet.truelink,
      { link: envelope },
      { token: m.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(gift.statusCode, gift.body).toBe(200);

    // A transfer the member reported and the staff confirmed.
    const notice = (
      await call(t, 'POST', ROUTES.wallet.add, { amount: 20 }, { token: m.token, headers: { 'idempotency-key': randomUUID() } })
    ).json<TDepositNoticeResponse>();
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/ops/deposits/${notice.id}/confirm` })).statusCode).toBe(200);

    // A withdrawal to the member's bank account.
    const held = await withdraw(t, m.token, { amount: 100 });
    expect(held.statusCode, held.body).toBe(200);

    const res = await statement(m.token, { page: 1, limit: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const lines = ZStatementResponse.parse(res.json()).statements;
    const line = (kind: string) =>
      lines
        .filter((s) => s.channel?.kind === kind)
        .map(({ statementType, amount, channel, description }) => ({ statementType, amount, channel, description }));
    expect(line('slip')).toEqual([
      { statementType: 'deposit', amount: 250.5, channel: { kind: 'slip', reference: transRef }, description: null },
    ]);
    expect(line('qr')).toEqual([
      { statementType: 'deposit', amount: 100, channel: { kind: 'qr', provider: 'PAYTIMZ', reference: ref1 }, description: null },
    ]);
    expect(line('giftlink')).toEqual([{ statementType: 'deposit', amount: 50, channel: { kind: 'giftlink' }, description: null }]);
    expect(line('manual')).toEqual([{ statementType: 'deposit', amount: 20, channel: { kind: 'manual' }, description: null }]);
    expect(line('payout')).toEqual([
      {
        statementType: 'withdraw',
        amount: -100,
        channel: { kind: 'payout', bankCode: 'SCB', accountEnd: m.bankAccountNo.slice(-4) },
        description: null,
      },
    ]);
    expect(lines).toHaveLength(5);
    // Ledger ids and memos stay on the server: no slip id, QR id, voucher hash or notice id reaches the member.
    for (const internal of [slipId, qrId, voucher.hash, notice.id]) expect(res.body).not.toContain(internal);
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
