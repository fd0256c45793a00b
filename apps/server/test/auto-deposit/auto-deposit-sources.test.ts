import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@jetton/contract/site-time';
import { composeCreditSms } from '../../src/adapters/sms-forwarder/simulator/compose-sms.ts';
import { createMember } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { addSmsAccount, forwardSms, registerForwarder, ttbCreditSms } from '../support/auto-deposit-support.ts';
import { bankTransfer, expectLedgerHealthy, SITE_ACCOUNT, walletBalance } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Incoming lines through the real doors (the forwarder webhook, the statement
 * poller over the sandbox bank): the same transfer credits once however it
 * arrives. docs/auto-deposit.md, "Storing: once per bank reference".
 */
describe.each(testEngines())('automatic deposits from both doors (%s database)', (engine) => {
  let t: TestApp;
  let ttbPhone: { id: string; secret: string };
  let kbankPhone: { id: string; secret: string };
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.services.slipVerifier.stop();
    await addSmsAccount(t);
    const owner = await loginOperator(t, ['owner']);
    ttbPhone = await registerForwarder(t, owner);
    // The AUTO account watched by its SMS as well: the pipeline pairs the two sources.
    kbankPhone = await registerForwarder(t, owner, SITE_ACCOUNT);
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  it('the same SMS forwarded to two nodes at once (separately signed) credits once', async () => {
    const m = await createMember(t);
    const text = ttbCreditSms({ amount: '310.00', senderAccount: m.bankAccountNo, at: t.clock.now() });
    const now = t.clock.now().getTime();
    const answers = await Promise.all([0, 1, 2, 3].map((i) => forwardSms(t, ttbPhone, { text }, { timestamp: now + i })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json<{ lineId: string }>().lineId)).size).toBe(1);
    expect(await walletBalance(t, m.id)).toBe(31_000n);
  });

  it('SMS forwarded out of order and late credit once each', async () => {
    const m = await createMember(t);
    const at = t.clock.now().getTime();
    const early = ttbCreditSms({ amount: '10.00', senderAccount: m.bankAccountNo, at: new Date(at - 20 * MINUTE_MS), balance: '10.00' });
    const later = ttbCreditSms({ amount: '20.00', senderAccount: m.bankAccountNo, at: new Date(at - MINUTE_MS), balance: '30.00' });
    for (const text of [later, early, later]) {
      // A new forward of the same SMS is a new request (a replay of the old one would be refused).
      t.clock.advance(1_000);
      expect((await forwardSms(t, ttbPhone, { text })).json()).toMatchObject({ status: 'credited' });
    }
    expect(await walletBalance(t, m.id)).toBe(3_000n);
  });

  it('a transfer seen on the statement and in its SMS credits once, whichever comes first', async () => {
    // SMS first while this is the only KBANK member: KBANK shows six middle digits, which test numbers share.
    for (const smsFirst of [true, false]) {
      const m = await createMember(t, { bankCode: 'KBANK' });
      const sender = { bank: 'KBANK', account: m.bankAccountNo, name: 'TEST MEMBER' };
      const at = t.clock.now();
      const { transRef } = await bankTransfer(t, { amount: 45, sender, time: at });
      const text = composeCreditSms({
        siteBank: 'KBANK',
        siteAccount: SITE_ACCOUNT.account,
        amount: 4_500n,
        at,
        sender,
        reference: transRef,
      });
      const sms = () => forwardSms(t, kbankPhone, { from: 'KBANK', text });
      if (smsFirst) expect((await sms()).json()).toMatchObject({ status: 'credited' });
      await t.app.services.autoDeposit.poller.runOnce();
      if (!smsFirst) expect((await sms()).json()).toMatchObject({ status: 'duplicate' });
      expect(await walletBalance(t, m.id), String(smsFirst)).toBe(4_500n);
      t.clock.advance(5 * MINUTE_MS);
    }
  });
});
