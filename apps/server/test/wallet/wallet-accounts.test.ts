import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { ZGameAccount, ZSlotsResponse, ZWalletResponse } from '@jetton/contract/wallet';
import { GAME_CATALOGUE } from '../../src/modules/games/game-catalogue.ts';
import { call, createMember, expectError } from '../support/accounts-support.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  activate,
  activated,
  atProvider,
  expectHealthy,
  fund,
  gameBalance,
  setWalletRules,
  transfer,
  walletMember,
} from '../support/wallet-support.ts';

describe.each(testEngines())('wallet summary and game accounts on the %s database', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
    await setWalletRules(t, { providerTimeoutMs: 2_000, balanceTimeoutMs: 500 });
  });
  afterEach(async () => {
    await sandbox.resetFaults();
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => call(t, 'GET', url, undefined, { token });
  const account = (token: string, code: string) => get(apiPath(ROUTES.wallet.account, { code }), token);
  const reset = (token: string, code: string) => get(apiPath(ROUTES.wallet.resetPassword, { code }), token);

  it('GET /api/wallet answers profile, bank account with its code, wallet, invite and every game card', async () => {
    const m = await walletMember(t, 123_456n);
    const res = await get(ROUTES.wallet.summary, m.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZWalletResponse.parse(res.json());
    expect(body.profile).toMatchObject({ _id: m.id, username: m.phone, coin: 0 });
    expect(body.bankAccount).toMatchObject({ bankAccountName: 'TEST MEMBER', bankAccountNo: m.bankAccountNo, bankCode: 'SCB' });
    expect(body.bankAccount?.bank.nameTH).toBeTruthy();
    expect(body.wallet).toEqual({ amount: 1234.56, currency: 'THB' });
    expect(body.invite).toEqual({ amount: 0, success: 0, fail: 0 });
    expect(body.slots.map((s) => s.code).sort()).toEqual(GAME_CATALOGUE.map((g) => g.code).sort());
    for (const slot of body.slots) {
      expect(slot).toMatchObject({ isActive: false, amount: 0 });
      expect(slot.username).toBeUndefined();
      expect(slot.password).toBeUndefined();
    }
    expect(body.slots.find((s) => s.code === 'joker2')).toMatchObject({
      ftWalletSlot: 10,
      category: 'slot',
      logo: '/assets/games/joker2-logo.svg',
    });
  });

  it('counts invitees who deposited (success) and who did not (fail)', async () => {
    const inviter = await walletMember(t);
    const invitees = [await createMember(t), await createMember(t), await createMember(t)];
    for (const i of invitees) await t.database.db.updateTable('members').set({ invited_by: inviter.id }).where('id', '=', i.id).execute();
    await fund(t, invitees[0]!.id, 10_000n);
    await fund(t, invitees[0]!.id, 5_000n);
    const body = ZWalletResponse.parse((await get(ROUTES.wallet.summary, inviter.token)).json());
    expect(body.invite).toEqual({ amount: 0, success: 1, fail: 2 });
  });

  it('activates a game: player created at the provider as prefix + member number, with a password that logs in', async () => {
    const m = await walletMember(t);
    const slot = await activated(t, m, 'pg');
    expect(slot).toMatchObject({ code: 'pg', isActive: true, amount: 0 });
    expect(slot.username).toMatch(/^jpg1\d{5,}$/);
    expect(slot.password).toMatch(/^[A-Za-z2-9]{10}$/);
    expect(await atProvider(t, 'pg', slot.username ?? '')).toBe(0n);
    const login = await fetch(`${sandbox.base()}/sandbox/games/pg/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: slot.username ?? '', password: slot.password ?? '' }).toString(),
      redirect: 'manual',
    });
    expect(login.status).toBe(303);

    // The card now shows the account, in the summary and on its own.
    const summary = ZWalletResponse.parse((await get(ROUTES.wallet.summary, m.token)).json());
    expect(summary.slots.find((s) => s.code === 'pg')).toEqual(slot);
    expect(ZGameAccount.parse((await account(m.token, 'pg')).json())).toEqual(slot);
    expectError(await activate(t, m.token, 'pg'), 409, 'SLOT_ALREADY_ACTIVE');
  });

  it('answers NO_GAME for an unknown or disabled game and SLOT_NO_ACCOUNT before activation', async () => {
    const m = await walletMember(t);
    expectError(await activate(t, m.token, 'nosuchgame'), 404, 'NO_GAME');
    expectError(await account(m.token, 'nosuchgame'), 404, 'NO_GAME');
    expectError(await account(m.token, 'usun'), 404, 'SLOT_NO_ACCOUNT');
    expectError(await reset(m.token, 'usun'), 404, 'SLOT_NO_ACCOUNT');
    await t.database.db.updateTable('games').set({ is_enabled: false }).where('code', '=', 'huayhd').execute();
    try {
      expectError(await activate(t, m.token, 'huayhd'), 404, 'NO_GAME');
    } finally {
      await t.database.db.updateTable('games').set({ is_enabled: true }).where('code', '=', 'huayhd').execute();
    }
  });

  it('SLOT_ACTIVATE_FAIL when the provider refuses; a retry later activates with the same username', async () => {
    const m = await walletMember(t);
    await sandbox.setFaults({ game: 'circus', failureRate: 1 });
    expectError(await activate(t, m.token, 'circus'), 502, 'SLOT_ACTIVATE_FAIL');
    expectError(await account(m.token, 'circus'), 404, 'SLOT_NO_ACCOUNT');
    await sandbox.resetFaults();
    const slot = await activated(t, m, 'circus');
    expect(slot.username).toMatch(/^jci1\d+$/);
  });

  it('a lost activation answer (applied at the provider) is retried: the existing player gets the stored password', async () => {
    const m = await walletMember(t);
    await sandbox.setFaults({ game: 'imi', unknownOutcome: { applied: true, answer: '500' } });
    expectError(await activate(t, m.token, 'imi'), 502, 'SLOT_ACTIVATE_FAIL');
    await sandbox.resetFaults();
    const slot = await activated(t, m, 'imi');
    const login = await fetch(`${sandbox.base()}/sandbox/games/imi/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: slot.username ?? '', password: slot.password ?? '' }).toString(),
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
  });

  it('resets the password at the provider and keeps the account active; SLOT_RESET_PASSWORD_FAIL keeps the old one', async () => {
    const m = await walletMember(t);
    const before = await activated(t, m, 'slotracha');
    const res = await reset(m.token, 'slotracha');
    expect(res.statusCode, res.body).toBe(200);
    const after = ZGameAccount.parse(res.json());
    expect(after).toMatchObject({ isActive: true, username: before.username });
    expect(after.password).not.toBe(before.password);
    await sandbox.setFaults({ game: 'slotracha', failureRate: 1 });
    expectError(await reset(m.token, 'slotracha'), 502, 'SLOT_RESET_PASSWORD_FAIL');
    expect(ZGameAccount.parse((await account(m.token, 'slotracha')).json()).password).toBe(after.password);
  });

  it('refresh/slot books wins and losses seen at the provider against game:pnl, and keeps a slow game at its cached amount', async () => {
    const m = await walletMember(t, 50_000n);
    const pg = await activated(t, m, 'pg');
    const usun = await activated(t, m, 'usun');
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 100 })).statusCode).toBe(200);
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'usun', amount: 50 })).statusCode).toBe(200);
    // A win at pg (credited by the provider itself), a loss at usun.
    const provider = sandbox.provider('pg');
    expect((await provider.deposit({ transferId: `win-${m.id}`, username: pg.username ?? '', amount: 2_550n })).status).toBe('SUCCESS');
    expect(
      (await sandbox.provider('usun').withdraw({ transferId: `loss-${m.id}`, username: usun.username ?? '', amount: 1_000n })).status,
    ).toBe('SUCCESS');

    const res = await get(ROUTES.wallet.refreshSlot, m.token);
    expect(res.statusCode, res.body).toBe(200);
    const { slots } = ZSlotsResponse.parse(res.json());
    expect(slots.find((s) => s.code === 'pg')?.amount).toBe(125.5);
    expect(slots.find((s) => s.code === 'usun')?.amount).toBe(40);
    expect(await gameBalance(t, m.id, 'pg')).toBe(12_550n);
    expect(await gameBalance(t, m.id, 'usun')).toBe(4_000n);
    await expectHealthy(t);

    // usun slower than the balance deadline: its cached amount stays, pg is read.
    await provider.deposit({ transferId: `win2-${m.id}`, username: pg.username ?? '', amount: 50n });
    await sandbox.setFaults({ game: 'usun', latencyMs: 1_500 });
    const slow = ZSlotsResponse.parse((await get(ROUTES.wallet.refreshSlot, m.token)).json());
    expect(slow.slots.find((s) => s.code === 'usun')?.amount).toBe(40);
    expect(slow.slots.find((s) => s.code === 'pg')?.amount).toBe(126);
    // Nothing changed at the provider: a second refresh books nothing.
    await sandbox.resetFaults();
    const entries = await t.database.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await get(ROUTES.wallet.refreshSlot, m.token);
    const again = await t.database.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(again.n).toBe(entries.n);
  });

  it('refuses every wallet route without a valid token', async () => {
    for (const url of [ROUTES.wallet.summary, ROUTES.wallet.refreshSlot, apiPath(ROUTES.wallet.activate, { code: 'pg' })]) {
      expectError(await get(url), 401, 'invalid-token');
    }
    expectError(await transfer(t, 'bad.token.here', { from: 'WALLET', to: 'pg', amount: 1 }), 401, 'invalid-token');
  });
});
