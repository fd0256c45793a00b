import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { toMinor } from '@jetton/contract/money';
import { ZTransferResponse } from '@jetton/contract/wallet';

const TRANSFER_MIN = MONEY_RULE_DEFAULTS.THB.transferMin;
import { expectError } from '../support/accounts-support.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  activated,
  atProvider,
  expectHealthy,
  gameBalance,
  providerHolding,
  setWalletRules,
  transfer,
  transferAll,
  walletBalance,
  walletMember,
} from '../support/wallet-support.ts';

describe.each(testEngines())('transfers between the wallet and the games on the %s database', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
    // Generous: the races below load the machine, and a slow answer would turn into PENDING.
    await setWalletRules(t, { providerTimeoutMs: 20_000 });
  });
  afterEach(async () => {
    await sandbox.resetFaults();
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const transfersOf = (memberId: string) =>
    t.database.db.selectFrom('transfers').selectAll().where('member_id', '=', memberId).orderBy('created_at').orderBy('id').execute();

  it('wallet -> game: debits the wallet, credits the player at the provider and the cached game balance', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    const res = await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 25.5 });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZTransferResponse.parse(res.json());
    expect(body).toMatchObject({ status: 'SUCCESS', from: 'WALLET', to: 'pg', amount: 25.5 });
    expect(await walletBalance(t, m.id)).toBe(7_450n);
    expect(await gameBalance(t, m.id, 'pg')).toBe(2_550n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(2_550n);
    expect(await providerHolding(t, 'pg')).toBe(0n);
    expect(await transfersOf(m.id)).toMatchObject([
      {
        id: body.transferId,
        provider_transfer_id: body.transferId,
        direction: 'to_game',
        amount: 2_550n,
        status: 'SUCCESS',
        game_code: 'pg',
      },
    ]);
  });

  it('game -> wallet: the provider pays out first, then the wallet is credited', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 60 });
    const res = await transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 20.25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', from: 'pg', to: 'WALLET', amount: 20.25 });
    expect(await walletBalance(t, m.id)).toBe(6_025n);
    expect(await gameBalance(t, m.id, 'pg')).toBe(3_975n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(3_975n);
  });

  it('a payout above the cached balance (an unrefreshed win) is booked as game:pnl first; the game account never goes negative', async () => {
    const m = await walletMember(t, 1_000n);
    const pg = await activated(t, m, 'pg');
    await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 10 });
    await sandbox.provider('pg').deposit({ transferId: `win-${m.id}`, username: pg.username ?? '', amount: 5_000n });
    const res = await transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 55 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await walletBalance(t, m.id)).toBe(5_500n);
    expect(await gameBalance(t, m.id, 'pg')).toBe(0n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(500n);
  });

  it("many members' transfers at once settle together, each to its own accounts; an unrefreshed win among them is booked as game:pnl", async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => walletMember(t, 10_000n)));
    const players = await Promise.all(members.map((m) => activated(t, m, 'pg')));
    for (const m of members) expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 30 })).statusCode).toBe(200);
    const [winner, ...others] = members;
    await sandbox.provider('pg').deposit({ transferId: `win-${winner?.id}`, username: players[0]?.username ?? '', amount: 5_000n });
    // Their settlements reach the database while others are under way (gathered into shared statements).
    const answers = await Promise.all([
      transfer(t, winner?.token ?? '', { from: 'pg', to: 'WALLET', amount: 55 }),
      ...others.flatMap((m) => [
        transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 5 }),
        transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 10 }),
      ]),
    ]);
    expect(answers.map((a) => a.json<{ status?: string }>().status)).toEqual(Array.from({ length: 7 }, () => 'SUCCESS'));
    expect(await walletBalance(t, winner?.id ?? '')).toBe(7_000n + 5_500n);
    expect(await gameBalance(t, winner?.id ?? '', 'pg')).toBe(0n);
    expect(await atProvider(t, 'pg', players[0]?.username ?? '')).toBe(3_000n + 5_000n - 5_500n);
    for (const [i, m] of others.entries()) {
      expect(await walletBalance(t, m.id)).toBe(7_500n);
      expect(await gameBalance(t, m.id, 'pg')).toBe(2_500n);
      expect(await atProvider(t, 'pg', players[i + 1]?.username ?? '')).toBe(2_500n);
      expect((await transfersOf(m.id)).map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    }
  });

  it('game -> game goes through the wallet: two legs in one request under one id', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    const joker = await activated(t, m, 'joker2');
    await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 40 });
    const res = await transfer(t, m.token, { from: 'pg', to: 'joker2', amount: 15 });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZTransferResponse.parse(res.json());
    expect(await walletBalance(t, m.id)).toBe(6_000n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(2_500n);
    expect(await atProvider(t, 'joker2', joker.username ?? '')).toBe(1_500n);
    expect(await gameBalance(t, m.id, 'joker2')).toBe(1_500n);
    const legs = (await transfersOf(m.id)).filter((r) => r.group_id === body.transferId);
    expect(legs.map((l) => [l.direction, l.game_code, l.status]).sort()).toEqual([
      ['from_game', 'pg', 'SUCCESS'],
      ['to_game', 'joker2', 'SUCCESS'],
    ]);
    expect(legs.find((l) => l.direction === 'from_game')?.id).toBe(body.transferId);
  });

  it('game -> game whose second leg is refused: TRANSFER_FAIL, and the money is in the wallet', async () => {
    const m = await walletMember(t, 5_000n);
    const pg = await activated(t, m, 'pg');
    await activated(t, m, 'askmebet');
    await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 30 });
    await sandbox.setFaults({ game: 'askmebet', failureRate: 1 });
    expectError(await transfer(t, m.token, { from: 'pg', to: 'askmebet', amount: 30 }), 502, 'TRANSFER_FAIL');
    expect(await walletBalance(t, m.id)).toBe(5_000n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(0n);
    expect(await gameBalance(t, m.id, 'askmebet')).toBe(0n);
  });

  it('transferAll moves the whole wallet; an empty wallet is MONEY_NOT_ENOUGH, less than the minimum TRANSFER_MINIMUM', async () => {
    const m = await walletMember(t, 12_345n);
    const usun = await activated(t, m, 'usun');
    const res = await transferAll(t, m.token, { to: 'usun' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', from: 'WALLET', to: 'usun', amount: 123.45 });
    expect(await walletBalance(t, m.id)).toBe(0n);
    expect(await atProvider(t, 'usun', usun.username ?? '')).toBe(12_345n);
    expectError(await transferAll(t, m.token, { to: 'usun' }), 422, 'MONEY_NOT_ENOUGH');
    await transfer(t, m.token, { from: 'usun', to: 'WALLET', amount: TRANSFER_MIN });
    await transfer(t, m.token, { from: 'WALLET', to: 'usun', amount: TRANSFER_MIN });
    const poor = await walletMember(t, toMinor(TRANSFER_MIN) - 1n);
    await activated(t, poor, 'usun');
    expectError(await transferAll(t, poor.token, { to: 'usun' }), 422, 'TRANSFER_MINIMUM');
    expectError(await transferAll(t, poor.token, { to: 'WALLET' }), 400, 'KEY_INVALID');
    expectError(await transferAll(t, poor.token, {}), 400, 'KEY_MISSING');
    expectError(await transferAll(t, poor.token, { to: 'nosuchgame' }), 404, 'NO_GAME');
  });

  it('answers NO_GAME, not KEY_INVALID, for a game code that is not in the catalogue, and moves nothing', async () => {
    const m = await walletMember(t, 1_000n);
    await activated(t, m, 'pg');
    expectError(await transfer(t, m.token, { from: 'WALLET', to: 'nosuchgame', amount: 5 }), 404, 'NO_GAME');
    expectError(await transfer(t, m.token, { from: 'nosuchgame', to: 'WALLET', amount: 5 }), 404, 'NO_GAME');
    expectError(await transfer(t, m.token, { from: 'nowhere', to: 'somewhere', amount: 5 }), 404, 'NO_GAME');
    expectError(await transfer(t, m.token, { from: 'pg', to: 'PG', amount: 5 }), 404, 'NO_GAME');
    expectError(await transfer(t, m.token, { from: '', to: 'pg', amount: 5 }), 400, 'KEY_MISSING');
    expect(await walletBalance(t, m.id)).toBe(1_000n);
  });

  it('a game the operator disabled takes no more money (NO_GAME) and still pays out what the member holds there', async () => {
    const m = await walletMember(t, 1_000n);
    await activated(t, m, 'pg');
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 6 })).statusCode).toBe(200);
    const setEnabled = (on: boolean) => t.database.db.updateTable('games').set({ is_enabled: on }).where('code', '=', 'pg').execute();
    await setEnabled(false);
    try {
      expectError(await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 2 }), 404, 'NO_GAME');
      expectError(await transferAll(t, m.token, { to: 'pg' }), 404, 'NO_GAME');
      expect(await walletBalance(t, m.id)).toBe(400n);
      const out = await transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 6 });
      expect(out.statusCode, out.body).toBe(200);
      expect(await walletBalance(t, m.id)).toBe(1_000n);
      expect(await gameBalance(t, m.id, 'pg')).toBe(0n);
    } finally {
      await setEnabled(true);
    }
  });

  it('answers every refusal with its code and moves nothing', async () => {
    const m = await walletMember(t, 1_000n);
    await activated(t, m, 'pg');
    const refuse = async (body: unknown, status: number, code: string, key?: string | null) => {
      expectError(await transfer(t, m.token, body, key), status, code);
    };
    await refuse({ from: 'WALLET', to: 'pg', amount: TRANSFER_MIN - 0.01 }, 422, 'TRANSFER_MINIMUM');
    await refuse({ from: 'WALLET', to: 'pg', amount: 0 }, 422, 'TRANSFER_MINIMUM');
    await refuse({ from: 'WALLET', to: 'pg', amount: -5 }, 400, 'KEY_INVALID');
    await refuse({ from: 'WALLET', to: 'pg', amount: 1.005 }, 400, 'KEY_INVALID');
    await refuse({ from: 'WALLET', to: 'pg', amount: '5' }, 400, 'KEY_INVALID');
    await refuse({ from: 'WALLET', to: 'pg', amount: 1e13 }, 400, 'KEY_INVALID');
    await refuse({ from: 'pg', to: 'pg', amount: 5 }, 400, 'KEY_INVALID');
    await refuse({ from: 'WALLET', to: 'WALLET', amount: 5 }, 400, 'KEY_INVALID');
    await refuse({ from: 'WALLET', to: 7, amount: 5 }, 400, 'KEY_INVALID');
    await refuse({ from: 'WALLET', amount: 5 }, 400, 'KEY_MISSING');
    await refuse({ from: 'WALLET', to: 'pg' }, 400, 'KEY_MISSING');
    await refuse({ from: 'WALLET', to: 'pg', amount: 5 }, 400, 'KEY_MISSING', null);
    await refuse({ from: 'WALLET', to: 'pg', amount: 5 }, 400, 'KEY_INVALID', 'not-a-uuid');
    await refuse({ from: 'WALLET', to: 'pg', amount: 10.01 }, 422, 'MONEY_NOT_ENOUGH');
    await refuse({ from: 'WALLET', to: 'usun', amount: 5 }, 404, 'SLOT_NO_ACCOUNT');
    await refuse({ from: 'usun', to: 'WALLET', amount: 5 }, 404, 'SLOT_NO_ACCOUNT');
    // More than the player holds at the provider: the provider refuses, nothing moves.
    await refuse({ from: 'pg', to: 'WALLET', amount: 1 }, 422, 'MONEY_NOT_ENOUGH');
    expect(await walletBalance(t, m.id)).toBe(1_000n);
    // Only the provider's refusal left a row (FAILED); the wallet-side refusals never started one.
    expect((await transfersOf(m.id)).map((r) => [r.direction, r.status, r.reason])).toEqual([
      ['from_game', 'FAILED', 'INSUFFICIENT_BALANCE'],
    ]);
  });

  it('provider refuses a deposit: the debit is reversed, 502 TRANSFER_FAIL, the funds are back in the wallet', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    await sandbox.setFaults({ game: 'pg', failureRate: 1 });
    expectError(await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 70 }), 502, 'TRANSFER_FAIL');
    expect(await walletBalance(t, m.id)).toBe(10_000n);
    expect(await gameBalance(t, m.id, 'pg')).toBe(0n);
    expect(await providerHolding(t, 'pg')).toBe(0n);
    await sandbox.resetFaults();
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(0n);
    expect(await transfersOf(m.id)).toMatchObject([{ status: 'FAILED', reason: 'PROVIDER_REJECTED' }]);
  });

  it('100 parallel 1.00 transfers from a 40.00 wallet: exactly 40 succeed, the rest MONEY_NOT_ENOUGH', async () => {
    const m = await walletMember(t, 4_000n);
    const pg = await activated(t, m, 'pg');
    const answers = await Promise.all(Array.from({ length: 100 }, () => transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 1 })));
    const byStatus: Record<string, number> = {};
    for (const r of answers) {
      const body = r.json<{ status?: string; message?: string }>();
      const label = `${r.statusCode} ${body.status ?? body.message}`;
      byStatus[label] = (byStatus[label] ?? 0) + 1;
    }
    expect(byStatus).toEqual({ '200 SUCCESS': 40, '422 MONEY_NOT_ENOUGH': 60 });
    expect(await walletBalance(t, m.id)).toBe(0n);
    expect(await gameBalance(t, m.id, 'pg')).toBe(4_000n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(4_000n);
  });

  it('50 concurrent requests with one Idempotency-Key move the money once and all get the first answer', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 12 }, key)),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await walletBalance(t, m.id)).toBe(8_800n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(1_200n);
    expect(await transfersOf(m.id)).toHaveLength(1);
    // The same key with another body is refused.
    expectError(await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 13 }, key), 409, 'IDEMPOTENCY_KEY_REUSED');
  });
});
