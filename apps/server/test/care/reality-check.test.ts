import { describe, expect, it } from 'vitest';
import type { TRealityCheck } from '@jetton/contract/care';
import { ROUTES } from '@jetton/contract/routes';
import { call, expectError, login } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { useCareApp } from './care-support.ts';
import type { TestApp } from '../support/test-app.ts';
import { activated, transfer, walletMember } from '../support/wallet-support.ts';

const MINUTE = 60_000;

describe.each(testEngines())('reality checks (%s database)', (engine) => {
  let t: TestApp;
  useCareApp(engine, (app) => (t = app));

  const check = async (token: string) => (await call(t, 'GET', ROUTES.care.realityCheck, undefined, { token })).json<TRealityCheck>();

  it('while playing, every chosen interval is due with the time played and the net result; keep playing counts again, stop ends it', async () => {
    const m = await walletMember(t, 100_000n);
    await activated(t, m, 'pg');
    // Off: play starts no session.
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 100 })).statusCode).toBe(200);
    expect(await check(m.token)).toEqual({ minutes: 0, due: false, session: null });
    t.clock.advance(MINUTE);

    expectError(await call(t, 'PUT', ROUTES.care.realityCheck, { minutes: 45 }, { token: m.token }), 400, 'KEY_INVALID');
    expect((await call(t, 'PUT', ROUTES.care.realityCheck, { minutes: 30 }, { token: m.token })).statusCode).toBe(200);
    // The interval rides on the session's member row: a fresh login reads it.
    const token = await login(t, m.phone, m.password);
    expect((await transfer(t, token, { from: 'WALLET', to: 'pg', amount: 300 })).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE);
    expect((await transfer(t, token, { from: 'pg', to: 'WALLET', amount: 100 })).statusCode).toBe(200);
    expect(await check(token)).toMatchObject({ minutes: 30, due: false, session: { playedMinutes: 10, net: 0 } });
    t.clock.advance(21 * MINUTE);
    expect(await check(token)).toMatchObject({ due: true, session: { playedMinutes: 31, net: 0 } });

    const kept = await call(t, 'POST', ROUTES.care.realityCheck, { choice: 'continue' }, { token });
    expect(kept.json<TRealityCheck>()).toMatchObject({ due: false, session: { playedMinutes: 31 } });
    t.clock.advance(30 * MINUTE);
    expect(await check(token)).toMatchObject({ due: true });
    const stopped = await call(t, 'POST', ROUTES.care.realityCheck, { choice: 'stop' }, { token });
    expect(stopped.json<TRealityCheck>()).toEqual({ minutes: 30, due: false, session: null });

    // Money left in a game keeps a session going; all of it back and half an hour without play ends it.
    expect((await transfer(t, token, { from: 'WALLET', to: 'pg', amount: 100 })).statusCode).toBe(200);
    t.clock.advance(45 * MINUTE);
    expect((await check(token)).session).not.toBeNull();
    expect((await transfer(t, token, { from: 'pg', to: 'WALLET', amount: 400 })).statusCode).toBe(200);
    t.clock.advance(31 * MINUTE);
    expect((await check(token)).session).toBeNull();
    expect((await transfer(t, token, { from: 'WALLET', to: 'pg', amount: 100 })).statusCode).toBe(200);
    expect(await check(token)).toMatchObject({ due: false, session: { playedMinutes: 0 } });
  });
});
