import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TQrState } from '@jetton/contract/wallet';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { SIMULATED_OPERATOR_GROUP } from '../../src/counterparty-config.ts';
import { createLineSendJob } from '../../src/modules/line/line-jobs.ts';
import { call } from '../support/accounts-support.ts';
import { depositMember, expectLedgerHealthy } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TWithdrawResponse } from '@jetton/contract/withdraw';
import { loginOperator } from '../support/admin-support.ts';
import { setMoneyRules } from '../support/money-rules-support.ts';
import { walletMember } from '../support/wallet-support.ts';
import { payoutFaults, setWithdrawRules, withdraw } from '../support/withdraw-support.ts';

const USER = `U${'a'.repeat(31)}1`;
type Push = { to: string; texts: string[]; retryKey?: string };

describe.each(testEngines())('LINE notices through the Messaging API simulator (%s database)', (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(
      engine,
      {
        counterparties: {
          scb: undefined,
          line: {
            baseUrl: undefined,
            accessToken: undefined,
            channelSecret: undefined,
            operatorGroupId: SIMULATED_OPERATOR_GROUP,
            operatorLang: 'th',
            botBasicId: '@jetton',
          },
        },
      },
      // The tests run each pass by hand: no timer passes in between.
      { startJobs: false },
    );
    await t.app.services.slipVerifier.stop();
    base = createSelfUrl(t.app, undefined)();
  });
  afterEach(async () => {
    await post('/sandbox/line/faults', {});
    await expectLedgerHealthy(t);
  });
  afterAll(() => t.close());

  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const pushes = async (to: string): Promise<Push[]> =>
    ((await (await fetch(`${base}/sandbox/line/pushes?to=${to}`)).json()) as { pushes: Push[] }).pushes;
  const jobs = () => ({ feed: t.app.services.lineFeedJob!, send: t.app.services.lineSendJob! });
  const deliver = async () => {
    await jobs().feed.runOnce();
    return jobs().send.runOnce();
  };

  async function linkedMember(userId: string, lang: 'th' | 'la' | 'en') {
    const m = await depositMember(t);
    const code = await call(t, 'POST', '/api/line/link-code', { lang }, { token: m.token });
    expect(code.statusCode, code.body).toBe(200);
    const sent = await post('/sandbox/line/webhook', { userId, text: ` ${code.json<{ code: string }>().code.toLowerCase()} ` });
    expect(await sent.json()).toEqual({ ok: true, status: 200 });
    return m;
  }

  async function qrDeposit(token: string, amount: number, provider = 'WW'): Promise<void> {
    const res = await call(t, 'POST', `/api/qrcode/${provider}`, { amount }, { token });
    expect(res.json<TQrState>().payload, res.body).toBeTruthy();
    const payload = res.json<TQrState>().payload ?? '';
    expect((await post('/sandbox/pay/pay', { payload })).status).toBe(200);
  }

  it('links a member who sends their code to the bot, confirms in their language, and tells them of a deposit', async () => {
    const m = await linkedMember(USER, 'en');
    const state = await call(t, 'GET', '/api/line/link', undefined, { token: m.token });
    expect(state.json()).toEqual({ available: true, linked: true, lang: 'en', notices: { deposit: true, withdrawal: true, chat: true } });
    await deliver();
    expect((await pushes(USER)).map((p) => p.texts[0])).toEqual([
      'Your LINE account is now linked to your member account. The notices you chose will arrive here.',
    ]);

    await qrDeposit(m.token, 150);
    const summary = await deliver();
    expect(summary.sent).toBe(1);
    expect((await pushes(USER)).at(-1)?.texts).toEqual(['150.00 THB was credited to your wallet.']);
    // Another pass (or another node's) finds nothing new to send.
    expect((await deliver()).claimed).toBe(0);
    expect(await pushes(USER)).toHaveLength(2);
  });

  it('sends only the notices the member keeps on, in the language they chose', async () => {
    const user = `U${'b'.repeat(31)}2`;
    const m = await linkedMember(user, 'th');
    const off = await call(t, 'PUT', '/api/line/link', { notices: { deposit: false } }, { token: m.token });
    expect(off.json<{ notices: { deposit: boolean } }>().notices.deposit).toBe(false);
    await qrDeposit(m.token, 100);
    await deliver();
    expect((await pushes(user)).map((p) => p.texts[0])).toEqual(['เชื่อมบัญชี LINE กับบัญชีสมาชิกของคุณแล้ว คุณจะได้รับการแจ้งเตือนที่เลือกไว้ที่นี่']);
    await call(t, 'PUT', '/api/line/link', { lang: 'la', notices: { deposit: true } }, { token: m.token });
    await qrDeposit(m.token, 120);
    await deliver();
    expect((await pushes(user)).at(-1)?.texts).toEqual(['ເຕີມເງິນ 120.00 THB ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ']);
    // Unfollowing the bot unlinks.
    await post('/sandbox/line/webhook', { userId: user, event: 'unfollow' });
    expect((await call(t, 'GET', '/api/line/link', undefined, { token: m.token })).json<{ linked: boolean }>().linked).toBe(false);
  });

  it('refuses a webhook whose x-line-signature does not match the body, and links nobody with a wrong code', async () => {
    const body = {
      destination: 'U0',
      events: [{ type: 'message', source: { type: 'user', userId: USER }, message: { type: 'text', text: 'LINK-AAAAAA' } }],
    };
    expect((await post('/api/line/webhook', body, { 'x-line-signature': 'bm90IGEgc2lnbmF0dXJl' })).status).toBe(401);
    expect((await post('/api/line/webhook', body)).status).toBe(401);
    expect(await (await post('/sandbox/line/webhook', { userId: `U${'c'.repeat(32)}`, text: 'LINK-NOSUCH' })).json()).toEqual({
      ok: true,
      status: 200,
    });
  });

  it('alerts the operators’ group of an unmatched deposit, in Thai', async () => {
    await t.database.db
      .insertInto('incoming_deposits')
      .values({
        id: crypto.randomUUID(),
        source: 'AUTO',
        site_bank: 'SCB',
        site_account: '1234567890',
        bank_ref: `REF${Date.now()}`,
        currency: 'THB',
        amount: 77_700n,
        occurred_at: t.clock.now(),
        sender_bank: null,
        sender_digits: null,
        sender_name: null,
        raw: null,
        status: 'unmatched',
        reason: null,
        member_id: null,
        entry_id: null,
        duplicate_of: null,
        received_at: t.clock.now(),
        decided_at: null,
        decided_by: null,
      })
      .execute();
    await deliver();
    expect((await pushes(SIMULATED_OPERATOR_GROUP)).at(-1)?.texts).toEqual(['มีเงินเข้า 777.00 THB ที่จับคู่กับสมาชิกไม่ได้ รอผู้ดูแลตัดสิน']);
  });

  it('alerts the operators’ group of a withdrawal waiting for a second operator and of a payout held, in Thai, once each', async () => {
    await setMoneyRules(t, { THB: { fourEyesWithdrawalAbove: 20_000 } });
    await setWithdrawRules(t, { payoutIntervalMs: 3_600_000, payoutRetryMs: 20_000, payoutFindingAfterMs: 100_000 });
    const maker = await loginOperator(t, ['finance']);
    const m = await walletMember(t, 6_000_000n);
    const big = await withdraw(t, m.token, { amount: 30_000 });
    expect(big.statusCode, big.body).toBe(200);
    const proposed = await maker.call(ADMIN_ROUTES.withdrawals.approve, { id: big.json<TWithdrawResponse>().withdrawalId });
    expect(proposed.statusCode, proposed.body).toBe(200);
    // The bank does not answer: past the deadline the payout's outcome is still unknown, so it is held for a person.
    await payoutFaults(t, 'unavailable');
    try {
      expect((await withdraw(t, m.token, { amount: 1_234 })).statusCode).toBe(200);
      for (let pass = 0; pass < 7; pass++) {
        await t.app.services.payoutJob.runOnce();
        t.clock.advance(20_001);
      }
    } finally {
      await payoutFaults(t, 'none');
    }
    await deliver();
    await deliver();
    const texts = (await pushes(SIMULATED_OPERATOR_GROUP)).flatMap((p) => p.texts);
    expect(texts.filter((x) => x === 'รายการถอน 30,000.00 THB รอผู้ดูแลคนที่สองยืนยัน')).toHaveLength(1);
    expect(texts.filter((x) => x === 'การจ่ายเงินถอน 1,234.00 THB ถูกพักไว้: ไม่ทราบผลจากธนาคาร ต้องมีผู้ดูแลตรวจสอบ')).toHaveLength(1);
  });

  it('alerts the operators’ group, once an hour, of a job that failed three passes in a row (not of one that recovers)', async () => {
    const jobPassed = t.app.services.lineJobPassed!;
    const alerts = async () => (await pushes(SIMULATED_OPERATOR_GROUP)).flatMap((p) => p.texts).filter((x) => x.startsWith('งานเบื้องหลัง'));
    const before = (await alerts()).length;
    // Two failures, then a pass: the streak starts again.
    jobPassed('payout', false);
    jobPassed('payout', false);
    jobPassed('payout', true);
    jobPassed('payout', false);
    jobPassed('payout', false);
    // LINE's own jobs never alert through LINE (a broken channel would alert about itself).
    for (let i = 0; i < 4; i += 1) jobPassed('line send', false);
    await deliver();
    expect((await alerts()).length).toBe(before);
    jobPassed('payout', false);
    jobPassed('payout', false);
    await expect.poll(async () => (await deliver(), (await alerts()).slice(before))).toEqual(['งานเบื้องหลัง "payout" ล้มเหลวติดต่อกัน 3 ครั้ง']);
    // Later failures in the same hour are one alert, not one a pass.
    await deliver();
    expect((await alerts()).slice(before)).toHaveLength(1);
  });

  it('retries after a rate limit, a server error and a cut answer, and LINE’s retry key keeps every notice to one push, even with two nodes sending', async () => {
    const user = `U${'d'.repeat(31)}3`;
    const m = await linkedMember(user, 'en');
    await deliver();
    await post('/sandbox/line/faults', { rateLimit: 1, serverError: 1 });
    await qrDeposit(m.token, 100);
    await jobs().feed.runOnce();
    expect((await jobs().send.runOnce()).retried).toBe(1);
    t.clock.advance(11_000);
    expect((await jobs().send.runOnce()).retried).toBe(1);
    // Accepted by LINE, but the answer is cut: the sender cannot tell and tries again; LINE answers 409 to the same key.
    await post('/sandbox/line/faults', { malformed: 1 });
    t.clock.advance(21_000);
    expect((await jobs().send.runOnce()).retried).toBe(1);
    t.clock.advance(41_000);
    expect((await jobs().send.runOnce()).sent).toBe(1);
    expect((await pushes(user)).filter((p) => p.texts[0]?.startsWith('100.00 THB'))).toHaveLength(1);

    // Two nodes' send jobs at once: each notice is claimed by one of them.
    const other = createLineSendJob({
      db: t.database.db,
      clock: t.clock,
      line: t.app.services.lineMessaging!,
      log: t.app.log,
    });
    for (const provider of ['PAYTIMZ', 'ZPAY', 'KBANK']) await qrDeposit(m.token, 200, provider);
    await jobs().feed.runOnce();
    const [a, b] = await Promise.all([jobs().send.runOnce(), other.runOnce()]);
    expect(a.sent + b.sent).toBe(3);
    expect((await pushes(user)).filter((p) => p.texts[0]?.startsWith('200.00 THB'))).toHaveLength(3);
  });
});
