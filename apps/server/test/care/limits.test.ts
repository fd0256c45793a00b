import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TCareHold } from '@jetton/contract/care';
import { ROUTES } from '@jetton/contract/routes';
import { call, expectError } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import type { TestApp } from '../support/test-app.ts';
import { activated, transfer, walletBalance, walletMember, type WalletMember } from '../support/wallet-support.ts';
import { bkk, createQr, limitIn, limitsOf, payQr, setLimit, useCareApp } from './care-support.ts';

const HOUR = 3_600_000;

describe.each(testEngines())('player limits (%s database)', (engine) => {
  let t: TestApp;
  useCareApp(engine, (app) => (t = app));

  const toGame = (m: WalletMember, amount: number) => transfer(t, m.token, { from: 'WALLET', to: 'pg', amount });
  const fromGame = (m: WalletMember, amount: number) => transfer(t, m.token, { from: 'pg', to: 'WALLET', amount });

  it('a new or lower limit applies at once; a raise or removal waits 24 hours and a confirmation, and can be cancelled', async () => {
    const m = await walletMember(t);
    expect(limitIn(await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: 500 }), 'deposit', 'day').amount).toBe(500);
    expect(limitIn(await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: 300 }), 'deposit', 'day')).toMatchObject({
      amount: 300,
      pending: null,
    });
    const raised = limitIn(await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: 1_000 }), 'deposit', 'day');
    expect(raised).toMatchObject({ amount: 300, pending: { amount: 1_000, due: false } });
    const slot = { kind: 'deposit', period: 'day' } as const;
    expectError(await call(t, 'POST', ROUTES.care.limitConfirm, slot, { token: m.token }), 409, 'LIMIT_NOT_DUE');
    t.clock.advance(24 * HOUR + 1);
    const confirmed = await call(t, 'POST', ROUTES.care.limitConfirm, slot, { token: m.token });
    expect(limitIn(confirmed.json(), 'deposit', 'day')).toMatchObject({ amount: 1_000, pending: null });

    // A removal waits as a raise does; cancelled, the limit stays.
    expect(limitIn(await setLimit(t, m.token, { ...slot, amount: null }), 'deposit', 'day').pending).toMatchObject({ amount: null });
    const cancelled = await call(t, 'POST', ROUTES.care.limitCancel, slot, { token: m.token });
    expect(limitIn(cancelled.json(), 'deposit', 'day')).toMatchObject({ amount: 1_000, pending: null });
    await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: null });
    t.clock.advance(24 * HOUR + 1);
    const removed = await call(t, 'POST', ROUTES.care.limitConfirm, slot, { token: m.token });
    expect(limitIn(removed.json(), 'deposit', 'day')).toMatchObject({ amount: null, remaining: null });

    expectError(
      await call(t, 'PUT', ROUTES.care.limits, { kind: 'deposit', period: 'year', amount: 5 }, { token: m.token }),
      400,
      'KEY_INVALID',
    );
    expectError(
      await call(t, 'PUT', ROUTES.care.limits, { kind: 'deposit', period: 'day', amount: -5 }, { token: m.token }),
      400,
      'KEY_INVALID',
    );
  });

  it('refuses a QR the deposit limit has no room for, shows the room left, and holds money that arrives past it for a person', async () => {
    const m = await walletMember(t);
    await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: 200 });
    expectError(await createQr(t, m.token, 300), 422, 'DEPOSIT_LIMIT_REACHED');
    const first = await createQr(t, m.token, 150);
    await payQr(t, first);
    expect(await walletBalance(t, m.id)).toBe(15_000n);
    expect(limitIn(await limitsOf(t, m.token), 'deposit', 'day')).toMatchObject({ used: 150, remaining: 50 });
    expectError(await createQr(t, m.token, 100), 422, 'DEPOSIT_LIMIT_REACHED');

    // A QR made while there was room, paid after the member lowered the limit: the money is held, not lost.
    await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: 300 });
    t.clock.advance(24 * HOUR + 1);
    await call(t, 'POST', ROUTES.care.limitConfirm, { kind: 'deposit', period: 'day' }, { token: m.token });
    const second = await createQr(t, m.token, 120);
    await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: 100 });
    await payQr(t, second);
    expect(await walletBalance(t, m.id)).toBe(15_000n);
    // The open dialog watching the QR is told it was held, not that it arrived.
    const qrcodeId = second.json<{ qrcodeId: string }>().qrcodeId;
    const watched = await call(t, 'GET', `/api/qrcode/status/${qrcodeId}`, undefined, { token: m.token });
    expect(watched.json()).toMatchObject({ status: 'paid', held: true });
    const holds = (await call(t, 'GET', ROUTES.care.holds, undefined, { token: m.token })).json<{ holds: TCareHold[] }>().holds;
    expect(holds).toMatchObject([{ amount: 120, reason: 'DEPOSIT_LIMIT', status: 'held' }]);

    // Only an owner lets it in, with a reason, once.
    const finance = await loginOperator(t, ['finance']);
    const owner = await loginOperator(t, ['owner']);
    const id = holds[0]?.id ?? '';
    expectError(await finance.call(ADMIN_ROUTES.care.releaseHold, { id }, { reason: 'member asked' }), 403, 'FORBIDDEN');
    expect((await owner.call(ADMIN_ROUTES.care.releaseHold, { id }, { reason: 'member asked' })).statusCode).toBe(200);
    expectError(await owner.call(ADMIN_ROUTES.care.releaseHold, { id }, { reason: 'member asked' }), 409, 'ALREADY_DECIDED');
    expect(await walletBalance(t, m.id)).toBe(27_000n);
    const hits = (await owner.call(ADMIN_ROUTES.care.limitHits)).json<{ hits: { memberId: string; kind: string }[] }>().hits;
    expect(hits.filter((h) => h.memberId === m.id).map((h) => h.kind)).toEqual(['deposit']);
  });

  it('a wager limit counts money sent to games per site day, and a new day starts at midnight in Bangkok', async () => {
    t.clock.moveTo(bkk('2026-11-25T23:00:00'));
    const m = await walletMember(t, 100_000n);
    await activated(t, m, 'pg');
    await setLimit(t, m.token, { kind: 'wager', period: 'day', amount: 300 });
    expect((await toGame(m, 200)).statusCode).toBe(200);
    expectError(await toGame(m, 200), 422, 'WAGER_LIMIT_REACHED');
    // Money back from a game does not give wager room back.
    expect((await fromGame(m, 200)).statusCode).toBe(200);
    expectError(await toGame(m, 101), 422, 'WAGER_LIMIT_REACHED');
    expect((await toGame(m, 100)).statusCode).toBe(200);
    t.clock.moveTo(bkk('2026-11-26T00:00:00'));
    expect((await toGame(m, 200)).statusCode).toBe(200);
  });

  it('a weekly limit runs Monday to Sunday in Bangkok: Sunday 23:59 is the old week, Monday 00:00 the new', async () => {
    // 2026-11-29 is a Sunday.
    t.clock.moveTo(bkk('2026-11-23T09:00:00'));
    const m = await walletMember(t, 100_000n);
    await activated(t, m, 'pg');
    await setLimit(t, m.token, { kind: 'wager', period: 'week', amount: 500 });
    expect((await toGame(m, 400)).statusCode).toBe(200);
    t.clock.moveTo(bkk('2026-11-29T23:59:59'));
    expectError(await toGame(m, 200), 422, 'WAGER_LIMIT_REACHED');
    t.clock.moveTo(bkk('2026-11-30T00:00:00'));
    expect((await toGame(m, 200)).statusCode).toBe(200);
    expect(limitIn(await limitsOf(t, m.token), 'wager', 'week')).toMatchObject({
      used: 200,
      remaining: 300,
      resetsAt: bkk('2026-12-07T00:00:00').toISOString(),
    });
  });

  it('a loss limit counts money sent to games less money back, per calendar month', async () => {
    t.clock.moveTo(bkk('2026-11-30T22:00:00'));
    const m = await walletMember(t, 100_000n);
    await activated(t, m, 'pg');
    await setLimit(t, m.token, { kind: 'loss', period: 'month', amount: 300 });
    expect((await toGame(m, 300)).statusCode).toBe(200);
    expectError(await toGame(m, 50), 422, 'LOSS_LIMIT_REACHED');
    expect((await fromGame(m, 200)).statusCode).toBe(200);
    expectError(await toGame(m, 250), 422, 'LOSS_LIMIT_REACHED');
    expect((await toGame(m, 200)).statusCode).toBe(200);
    t.clock.moveTo(bkk('2026-12-01T00:00:00'));
    expect((await toGame(m, 300)).statusCode).toBe(200);
  });

  it('transfers at once cannot pass a limit together', async () => {
    const m = await walletMember(t, 100_000n);
    await activated(t, m, 'pg');
    await setLimit(t, m.token, { kind: 'wager', period: 'day', amount: 500 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => toGame(m, 200)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 422, 422, 422, 422]);
    expect(limitIn(await limitsOf(t, m.token), 'wager', 'day').used).toBe(400);
  });

  it('deposits arriving at once cannot pass a deposit limit together: the one without room is held', async () => {
    const m = await walletMember(t);
    await setLimit(t, m.token, { kind: 'deposit', period: 'day', amount: 300 });
    const first = await createQr(t, m.token, 200);
    // The gateway keeps one open QR per provider and member: the second one at another provider.
    const other = await call(t, 'POST', '/api/qrcode/ZPAY', { amount: 200 }, { token: m.token });
    await Promise.all([payQr(t, first), payQr(t, other)]);
    expect(await walletBalance(t, m.id)).toBe(20_000n);
    const holds = (await call(t, 'GET', ROUTES.care.holds, undefined, { token: m.token })).json<{ holds: TCareHold[] }>().holds;
    expect(holds).toMatchObject([{ amount: 200, reason: 'DEPOSIT_LIMIT' }]);
  });
});
