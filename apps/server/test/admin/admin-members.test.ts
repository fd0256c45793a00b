import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TMemberDetail, TMemberSummary } from '@jetton/contract/admin/members';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { call, createMember, expectError, login, nextBankNo, nextPhone, setLookup } from '../support/accounts-support.ts';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { activated, walletMember } from '../support/wallet-support.ts';
import { GAME_CATALOGUE } from '../../src/modules/games/game-catalogue.ts';

const CIRCUS_NAME = GAME_CATALOGUE.find((g) => g.code === 'circus')?.name;

describe.each(testEngines())('members in the back office on the %s database', (engine) => {
  let t: TestApp;
  let support: AdminClient;
  let finance: AdminClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await setLookup(t, 'registerOTP', { enabled: false });
    support = await loginOperator(t, ['support']);
    finance = await loginOperator(t, ['finance']);
  });
  afterAll(() => t.close());

  const profile = (token: string) => call(t, 'GET', ROUTES.account.profile, undefined, { token });

  it('finds a member by phone, member number, bank account number and name, and opens their page', async () => {
    const m = await createMember(t, { bankAccountName: 'KANYA SRISUK' });
    const detail = await support.call(ADMIN_ROUTES.members.detail, { id: m.id });
    expect(detail.statusCode, detail.body).toBe(200);
    const page = detail.json<TMemberDetail>();
    expect(page.member).toMatchObject({ phone: m.phone, status: 'active', bankBlacklisted: false });
    expect(page.wallet.balance).toBe(0);
    for (const q of [m.phone, `PR${page.member.memberNo}`, m.bankAccountNo]) {
      const res = await support.call(ADMIN_ROUTES.members.search, {}, undefined, { q });
      expect(
        res.json<{ members: TMemberSummary[] }>().members.map((x) => x.id),
        q,
      ).toContain(m.id);
    }
    const statement = await support.call(ADMIN_ROUTES.members.statement, { id: m.id }, undefined, { page: '1', limit: '10' });
    expect(statement.statusCode, statement.body).toBe(200);
  });

  it('names a member’s game wallets by the game, with their login there', async () => {
    const m = await walletMember(t, 10_000n);
    const card = await activated(t, m, 'circus');
    const page = (await support.call(ADMIN_ROUTES.members.detail, { id: m.id })).json<TMemberDetail>();
    const game = page.games.find((g) => g.code === 'game:circus');
    expect(game).toMatchObject({ name: CIRCUS_NAME, username: card.username });
  });

  it('suspends a member: their token stops at once and login answers INACTIVE_USER; reactivating lets them back', async () => {
    const m = await createMember(t);
    const token = await login(t, m.phone, m.password);
    expect((await profile(token)).statusCode).toBe(200);
    const res = await support.call(ADMIN_ROUTES.members.suspend, { id: m.id }, { reason: 'fraud check' });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await profile(token), 401, 'invalid-token');
    expectError(await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: m.password }), 403, 'INACTIVE_USER');
    expect((await support.call(ADMIN_ROUTES.members.reactivate, { id: m.id }, { reason: 'cleared' })).statusCode).toBe(200);
    expect((await profile(await login(t, m.phone, m.password))).statusCode).toBe(200);
    // Audited with the operator and the member.
    const audit = await finance.call(ADMIN_ROUTES.audit.list, {}, undefined, { memberId: m.id });
    expect(audit.json<{ entries: { action: string }[] }>().entries.map((e) => e.action)).toEqual(['member.reactivate', 'member.suspend']);
  });

  it('resets a password by SMS; the member logs in with it and is asked to change it', async () => {
    const m = await createMember(t);
    const res = await support.call(ADMIN_ROUTES.members.resetPassword, { id: m.id }, { reason: 'forgot' });
    expect(res.json()).toEqual({ smsSent: true });
    const outbox = await fetch(`${createSelfUrl(t.app, undefined)()}/sandbox/sms/messages?phone=${m.phone}`);
    const text = ((await outbox.json()) as { messages: { text: string }[] }).messages[0]?.text ?? '';
    const temp = /temporary password is (\w+)/.exec(text)?.[1] ?? '';
    const answer = await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: temp });
    expect(answer.json()).toMatchObject({ mustChangePassword: true });
    const token = answer.json<{ token: string }>().token;
    const changed = await call(t, 'PUT', ROUTES.account.changePassword, { oldPassword: temp, newPassword: 'new-pass-77' }, { token });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(t, 'POST', ROUTES.account.login, { username: m.phone, password: 'new-pass-77' })).json()).not.toHaveProperty(
      'mustChangePassword',
    );
  });

  it('edits bank details with a reason; a blacklisted account cannot be set nor register (INVALID_BANK)', async () => {
    const m = await createMember(t);
    const newNo = nextBankNo();
    const edit = await support.call(
      ADMIN_ROUTES.members.editBank,
      { id: m.id },
      { bankCode: 'SCB', bankAccountName: 'NEW NAME', bankAccountNo: newNo, reason: 'member asked' },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ bankCode: 'SCB', bankAccountNo: newNo });

    const listed = nextBankNo();
    expectError(await support.call(ADMIN_ROUTES.blacklist.add, {}, { bankAccountNo: listed, reason: 'fraud' }), 403, 'FORBIDDEN');
    const added = await finance.call(ADMIN_ROUTES.blacklist.add, {}, { bankAccountNo: listed, reason: 'fraud' });
    expect(added.statusCode, added.body).toBe(200);
    const register = await call(t, 'POST', ROUTES.account.register, {
      name: 'Malee',
      username: nextPhone(),
      password: 'secret-99',
      bankCode: 'KBANK',
      bankAccountName: 'มาลี ศรีสุข',
      bankAccountNo: listed,
    });
    expectError(register, 400, 'INVALID_BANK');
    expectError(
      await support.call(
        ADMIN_ROUTES.members.editBank,
        { id: m.id },
        { bankCode: 'SCB', bankAccountName: 'X', bankAccountNo: listed, reason: 'r' },
      ),
      400,
      'INVALID_BANK',
    );
    // Removed from the list, the account registers.
    expect((await finance.call(ADMIN_ROUTES.blacklist.remove, { id: added.json<{ id: string }>().id })).statusCode).toBe(200);
    const again = await call(t, 'POST', ROUTES.account.register, {
      name: 'Malee',
      username: nextPhone(),
      password: 'secret-99',
      bankCode: 'KBANK',
      bankAccountName: 'มาลี ศรีสุข',
      bankAccountNo: listed,
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
