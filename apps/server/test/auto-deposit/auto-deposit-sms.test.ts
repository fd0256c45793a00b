import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { MINUTE_MS } from '@jetton/contract/site-time';
import { signForwarded } from '../../src/adapters/sms-forwarder/forwarder-signature.ts';
import { createMember } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { addSmsAccount, forwardSms, ktbCreditSms, registerForwarder } from '../support/auto-deposit-support.ts';
import { expectLedgerHealthy, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('SMS forwarder webhook (%s database)', (engine) => {
  let t: TestApp;
  let device: { id: string; secret: string; webhookPath: string };
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
    await addSmsAccount(t);
    device = await registerForwarder(t, await loginOperator(t, ['owner']));
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  it('credits the member a signed credit SMS names, once however often it is forwarded', async () => {
    const m = await createMember(t);
    const text = ktbCreditSms({ amount: '1,500.00', senderAccount: m.bankAccountNo, at: t.clock.now() });
    const first = await forwardSms(t, device, { from: 'KTB', text });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'credited' });
    // The app retries (a new timestamp, so a new signature): the same SMS is one line.
    t.clock.advance(1_000);
    const again = await forwardSms(t, device, { from: 'KTB', text });
    expect(again.json()).toMatchObject({ status: 'credited', lineId: first.json<{ lineId: string }>().lineId });
    expect(await walletBalance(t, m.id)).toBe(150_000n);
  });

  it('refuses forged, unsigned, replayed and stale requests, and credits nothing for them', async () => {
    const m = await createMember(t);
    const body = { text: ktbCreditSms({ amount: '200.00', senderAccount: m.bankAccountNo, at: t.clock.now(), balance: '1.00' }) };
    const forged = await forwardSms(t, device, body, { secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(401);
    expect((await forwardSms(t, device, body, { signature: null })).statusCode).toBe(401);
    expect((await forwardSms(t, device, body, { signature: 'zz' })).statusCode).toBe(401);
    const stale = await forwardSms(t, device, body, { timestamp: t.clock.now().getTime() - 6 * MINUTE_MS });
    expect(stale.statusCode).toBe(401);
    const future = await forwardSms(t, device, body, { timestamp: t.clock.now().getTime() + 6 * MINUTE_MS });
    expect(future.statusCode).toBe(401);
    const unknown = await forwardSms(t, { ...device, id: '01900000-0000-7000-8000-000000000000' }, body);
    expect(unknown.statusCode).toBe(401);
    // A body changed after signing no longer matches its signature.
    const ts = t.clock.now().getTime();
    const sig = signForwarded(device.secret, String(ts), JSON.stringify(body));
    const signed = await forwardSms(t, device, body, { timestamp: ts, signature: sig });
    expect(signed.statusCode).toBe(200);
    const replay = await forwardSms(t, device, body, { timestamp: ts, signature: sig });
    expect(replay.statusCode).toBe(409);
    const tampered = await forwardSms(
      t,
      device,
      { ...body, text: body.text.replace('200.00', '900.00') },
      { timestamp: ts, signature: sig },
    );
    expect(tampered.statusCode).toBe(401);
    expect(await walletBalance(t, m.id)).toBe(20_000n);
  });

  it('keeps an SMS it cannot read, raw, in the queue; ignores a debit; refuses a revoked device', async () => {
    const unread = await forwardSms(t, device, { text: 'ข้อความที่อ่านไม่ออก 123' });
    expect(unread.json()).toMatchObject({ status: 'unparsed' });
    const debit = await forwardSms(t, device, { text: 'บช X22233X: เงินออก 100.00 บ. ใช้ได้ 1.00 บ. 28/11/68 10:15' });
    expect(debit.json()).toMatchObject({ status: 'ignored', lineId: null });
    expect((await forwardSms(t, device, '{not json')).statusCode).toBe(400);
    const admin = await loginOperator(t, ['finance']);
    expect(
      (await admin.call(ADMIN_ROUTES.smsForwarders.create, {}, { name: 'x', siteBank: 'KTB', siteAccount: '1112223334' })).statusCode,
    ).toBe(403);
    const owner = await loginOperator(t, ['owner']);
    const other = await registerForwarder(t, owner);
    const listed = await owner.call(ADMIN_ROUTES.smsForwarders.list);
    expect(listed.body).not.toContain(other.secret);
    expect((await owner.call(ADMIN_ROUTES.smsForwarders.revoke, { id: other.id })).statusCode).toBe(200);
    expect((await forwardSms(t, other, { text: 'x' })).statusCode).toBe(401);
  });

  it('limits how fast one device may post', async () => {
    const owner = await loginOperator(t, ['owner']);
    const noisy = await registerForwarder(t, owner);
    const codes: number[] = [];
    for (let i = 0; i < 125; i++) codes.push((await forwardSms(t, noisy, { text: `OTP ${i}` })).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  it('the sandbox phone composes each bank’s credit SMS, which the site reads and credits once (forwarded twice)', async () => {
    const m = await createMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/sms-forwarder/send',
      payload: {
        deviceId: device.id,
        secret: device.secret,
        site: 'KTB|1112223334',
        senderBank: 'SCB',
        senderAccount: m.bankAccountNo,
        senderName: 'Test Member',
        amount: '42.00',
        repeat: 2,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { sms, answers } = res.json<{ sms: string; answers: { status: number; body: { status: string } }[] }>();
    expect(sms).toContain('เงินเข้า 42.00 บ.');
    expect(answers.map((a) => a.body.status)).toEqual(['credited', 'credited']);
    expect(await walletBalance(t, m.id)).toBe(4_200n);
  });
});
