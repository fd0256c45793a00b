import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TBreakState, TCareHold } from '@jetton/contract/care';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { call, expectError } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { uploadSlip } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import type { TestApp } from '../support/test-app.ts';
import { activated, transfer, walletBalance, walletMember, type WalletMember } from '../support/wallet-support.ts';
import { createQr, payQr, useCareApp } from './care-support.ts';

const DAY = 86_400_000;
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

describe.each(testEngines())('cool-off and self-exclusion (%s database)', (engine) => {
  let t: TestApp;
  useCareApp(engine, (app) => (t = app));

  const takeBreak = (m: WalletMember, choice: string, password = m.password) =>
    call(t, 'POST', ROUTES.care.break, { choice, password }, { token: m.token });
  const get = (m: WalletMember, url: string) => call(t, 'GET', url, undefined, { token: m.token });
  const post = (m: WalletMember, url: string, body?: unknown) => call(t, 'POST', url, body, { token: m.token });

  /** Every way money goes in or play starts, as the member's client calls it. */
  const playCalls = (m: WalletMember) => ({
    'transfer to a game': () => transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 100 }),
    'transfer all to a game': () =>
      call(t, 'POST', ROUTES.wallet.transferAll, { to: 'pg' }, { token: m.token, headers: { 'idempotency-key': crypto.randomUUID() } }),
    'a QR deposit': () => createQr(t, m.token, 100),
    'a slip upload': () => uploadSlip(t, m.token, { bytes: PNG }),
    'a deposit notice': () => post(m, ROUTES.wallet.add, { amount: 100 }),
    'a gift link': () => post(m, ROUTES.wallet.truelink, { link: 'https://gift.truemoney.com/campaign/?v=x' }),
    'opening a game account': () => get(m, apiPath(ROUTES.wallet.activate, { code: 'live' })),
    'launching a game': () => get(m, apiPath(ROUTES.autoLogin, { game: 'pg', username: 'x' })),
    'a bonus': () => get(m, apiPath(ROUTES.bonus.activate, { code: 'WELCOME100' })),
    'a promotion': () => get(m, apiPath(ROUTES.promotion.activate, { code: 'X' })),
    'the invite reward': () => get(m, ROUTES.invite.bonus),
    'the refund reward': () => get(m, ROUTES.refund.receive),
    'a wheel spin': () =>
      call(t, 'POST', ROUTES.spinwheel.spin, undefined, { token: m.token, headers: { 'idempotency-key': crypto.randomUUID() } }),
  });

  it('a cool-off, confirmed with the password, refuses every way into play but leaves withdrawal and money back from games', async () => {
    const m = await walletMember(t, 100_000n);
    await activated(t, m, 'pg');
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 300 })).statusCode).toBe(200);
    expectError(await takeBreak(m, '24h', 'wrong-password'), 401, 'WRONG_PASSWORD');
    const started = await takeBreak(m, '24h');
    expect(started.json<TBreakState>().current).toMatchObject({
      kind: 'cool-off',
      endsAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });

    for (const [what, send] of Object.entries(playCalls(m))) {
      const res = await send();
      expect([what, res.statusCode, res.json<{ message: string }>().message]).toEqual([what, 403, 'COOLING_OFF']);
    }
    expect((await transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 300 })).statusCode).toBe(200);
    const out = await call(
      t,
      'POST',
      ROUTES.wallet.withdraw,
      { amount: 200 },
      { token: m.token, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(out.statusCode, out.body).toBe(200);
    expect((await get(m, ROUTES.wallet.summary)).statusCode).toBe(200);
    expect((await post(m, ROUTES.statement.list, { page: 1, limit: 10 })).statusCode).toBe(200);

    // It ends by itself.
    t.clock.advance(DAY + 1);
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 100 })).statusCode).toBe(200);
    expect((await get(m, ROUTES.care.break)).json<TBreakState>().current).toBeNull();
  });

  it('a break is only ever made longer by the member; a self-exclusion answers SELF_EXCLUDED', async () => {
    const m = await walletMember(t, 10_000n);
    expect((await takeBreak(m, '1w')).statusCode).toBe(200);
    expectError(await takeBreak(m, '24h'), 409, 'BREAK_SHORTER');
    expect((await takeBreak(m, '6m')).json<TBreakState>().current).toMatchObject({ kind: 'self-exclusion' });
    expectError(await takeBreak(m, '6w'), 409, 'BREAK_SHORTER');
    expect((await takeBreak(m, 'permanent')).json<TBreakState>().current).toMatchObject({ kind: 'self-exclusion', endsAt: null });
    expectError(await takeBreak(m, '5y'), 409, 'BREAK_SHORTER');
    expectError(await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 100 }), 403, 'SELF_EXCLUDED');
    expectError(await takeBreak(m, 'forever'), 400, 'KEY_INVALID');
  });

  it('money that arrives during a break is held for a person, not credited and not lost', async () => {
    const m = await walletMember(t);
    const qr = await createQr(t, m.token, 150);
    expect((await takeBreak(m, '2w')).statusCode).toBe(200);
    await payQr(t, qr);
    expect(await walletBalance(t, m.id)).toBe(0n);
    const holds = (await get(m, ROUTES.care.holds)).json<{ holds: TCareHold[] }>().holds;
    expect(holds).toMatchObject([{ amount: 150, reason: 'ON_BREAK', status: 'held' }]);
  });

  it('only an owner ends a break early, with a reason, in the audit trail', async () => {
    const m = await walletMember(t, 10_000n);
    await takeBreak(m, '6m');
    const support = await loginOperator(t, ['support']);
    const finance = await loginOperator(t, ['finance']);
    const owner = await loginOperator(t, ['owner']);
    const care = await support.call(ADMIN_ROUTES.care.member, { id: m.id });
    expect(care.statusCode, care.body).toBe(200);
    expect(care.json<{ current: { kind: string } }>().current).toMatchObject({ kind: 'self-exclusion' });
    expectError(await finance.call(ADMIN_ROUTES.care.endBreak, { id: m.id }, { reason: 'asked by phone' }), 403, 'FORBIDDEN');
    expectError(await owner.call(ADMIN_ROUTES.care.endBreak, { id: m.id }, {}), 400, 'KEY_MISSING');
    const ended = await owner.call(ADMIN_ROUTES.care.endBreak, { id: m.id }, { reason: 'entered by mistake, confirmed by phone' });
    expect(ended.json<TBreakState>().current).toBeNull();
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 100 })).statusCode).not.toBe(403);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.break.end')
      .where('member_id', '=', m.id)
      .execute();
    expect(audit).toHaveLength(1);
    expectError(await owner.call(ADMIN_ROUTES.care.endBreak, { id: m.id }, { reason: 'again, by mistake' }), 404, 'NO_DATA');
  });

  it('a self-excluded member’s phone and bank account cannot register while the exclusion lasts', async () => {
    const m = await walletMember(t);
    await takeBreak(m, '6m');
    expectError(await call(t, 'POST', ROUTES.account.validate, validateBody(m.phone)), 403, 'REGISTRATION_EXCLUDED');
    const sameBank = await call(t, 'POST', ROUTES.account.register, registerBody('0899999001', m.bankCode, m.bankAccountNo));
    expectError(sameBank, 403, 'REGISTRATION_EXCLUDED');
    t.clock.advance(200 * DAY);
    // Over: the phone is simply taken again (the member exists), no longer refused as excluded.
    expectError(await call(t, 'POST', ROUTES.account.validate, validateBody(m.phone)), 409, 'EXISTING_USER');
  });
});

function validateBody(phone: string) {
  return { name: 'A', username: phone, password: 'pass-1234', confirmPassword: 'pass-1234' };
}

function registerBody(phone: string, bankCode: string, bankAccountNo: string) {
  return {
    username: phone,
    name: 'NEW PERSON',
    password: 'pass-1234',
    confirmPassword: 'pass-1234',
    bankCode,
    bankAccountName: 'NEW PERSON',
    bankAccountNo,
    currency: 'THB',
  };
}
