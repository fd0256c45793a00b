import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/adapters/games/game-provider.ts';
import { createGameProviders } from '../../src/modules/wallet/game-providers.ts';
import { createGamesRepository } from '../../src/modules/games/games-repository.ts';
import { testEngines } from '../support/engines.ts';
import { fundedPlayer, sandboxOf } from '../support/demo-provider-helpers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('game provider adapter against the demo provider (%s database)', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
  });
  afterEach(() => sandbox.resetFaults());
  afterAll(() => t.close());

  it('gives every catalogue game an adapter that launches the way its games row says', async () => {
    const games = await createGamesRepository(t.database.db).listEnabled();
    const providers = createGameProviders({ apiBaseUrl: sandbox.base, playerBaseUrl: () => '', agentKey: sandbox.agentKey });
    expect(games).toHaveLength(11);
    const adapterOf = (code: string) => {
      const row = games.find((g) => g.code === code);
      if (!row) throw new Error(`${code} is not in the catalogue`);
      return providers.get(code, { launchMode: row.launch_mode, timeoutMs: 2_000 });
    };
    for (const game of games) expect(adapterOf(game.code).gameCode).toBe(game.code);
    const askmebet = adapterOf('askmebet');
    const { username, password } = await fundedPlayer(askmebet, 0n);
    expect(await askmebet.launch({ username, password, platform: 'web' })).toMatchObject({
      kind: 'form',
      action: '/sandbox/games/askmebet/login',
    });
    expect(() => providers.get('nosuchgame', { launchMode: 'link', timeoutMs: 2_000 })).toThrow();
  });

  it('creates a player once: a second create answers EXISTS; a new player has 0.00', async () => {
    const pg = sandbox.provider('pg');
    const username = `jt${Date.now()}`;
    expect(await pg.createPlayer({ username, password: 'first-pass', currency: 'THB' })).toBe('CREATED');
    expect(await pg.createPlayer({ username, password: 'other-pass', currency: 'THB' })).toBe('EXISTS');
    expect(await pg.getBalance(username)).toBe(0n);
  });

  it('applies a deposit once per transfer id, however often and concurrently it is sent', async () => {
    const pg = sandbox.provider('pg');
    const { username } = await fundedPlayer(pg, 0n);
    const transferId = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => pg.deposit({ transferId, username, amount: 12_345n })));
    for (const outcome of outcomes) expect(outcome).toEqual({ status: 'SUCCESS', balance: 12_345n });
    expect(await pg.getBalance(username)).toBe(12_345n);
    expect(await pg.getTransferStatus(transferId)).toBe('SUCCESS');
  });

  it('answers each of many transfers sent at once for its own player, game and id (applied together)', async () => {
    const [pg, joker] = [sandbox.provider('pg'), sandbox.provider('joker2')];
    const players = await Promise.all(
      [pg, pg, pg, joker].map(async (provider) => ({ provider, ...(await fundedPlayer(provider, 1_000n)) })),
    );
    const repeated = randomUUID();
    const sent = players.flatMap(({ provider, username }, i) => [
      provider.deposit({ transferId: randomUUID(), username, amount: BigInt(10 * (i + 1)) }),
      provider.withdraw({ transferId: randomUUID(), username, amount: 5_000n }),
      provider.withdraw({ transferId: i === 0 ? repeated : randomUUID(), username, amount: 100n }),
    ]);
    sent.push(players[0]?.provider.withdraw({ transferId: repeated, username: players[0].username, amount: 100n }) as never);
    const answers = await Promise.all(sent);
    const statuses = answers.map((a) => (a.status === 'FAILED' ? a.reason : a.status));
    expect(statuses).toEqual([...players.flatMap(() => ['SUCCESS', 'INSUFFICIENT_BALANCE', 'SUCCESS']), 'SUCCESS']);
    const balances = await Promise.all(players.map(({ provider, username }) => provider.getBalance(username)));
    expect(balances).toEqual([910n, 920n, 930n, 940n]);
  });

  it('withdraws what the player has, refuses more (FAILED, nothing moves), and answers the status by id', async () => {
    const pg = sandbox.provider('pg');
    const { username } = await fundedPlayer(pg, 10_000n);
    const tooMuch = randomUUID();
    expect(await pg.withdraw({ transferId: tooMuch, username, amount: 10_001n })).toEqual({
      status: 'FAILED',
      reason: 'INSUFFICIENT_BALANCE',
    });
    expect(await pg.getTransferStatus(tooMuch)).toBe('FAILED');
    const ok = randomUUID();
    expect(await pg.withdraw({ transferId: ok, username, amount: 4_000n })).toEqual({ status: 'SUCCESS', balance: 6_000n });
    expect(await pg.withdraw({ transferId: ok, username, amount: 4_000n })).toEqual({ status: 'SUCCESS', balance: 6_000n });
    expect(await pg.getBalance(username)).toBe(6_000n);
    expect(await pg.getTransferStatus(randomUUID())).toBe('NOT_FOUND');
  });

  it('cancels a transfer id: one not applied is refused whenever it arrives; one applied stays applied; a cancel answers the same twice', async () => {
    const pg = sandbox.provider('pg');
    const { username } = await fundedPlayer(pg, 10_000n);
    // Not applied yet: cancelled, and the deposit or payout sent later under that id moves nothing.
    const held = randomUUID();
    expect(await pg.cancelTransfer({ transferId: held, username, direction: 'deposit', amount: 500n })).toBe('FAILED');
    expect(await pg.deposit({ transferId: held, username, amount: 500n })).toMatchObject({ status: 'FAILED' });
    expect(await pg.getTransferStatus(held)).toBe('FAILED');
    const payout = randomUUID();
    expect(await pg.cancelTransfer({ transferId: payout, username, direction: 'withdraw', amount: 700n })).toBe('FAILED');
    expect(await pg.withdraw({ transferId: payout, username, amount: 700n })).toMatchObject({ status: 'FAILED' });
    expect(await pg.getBalance(username)).toBe(10_000n);
    // Applied before the cancel: the cancel says so and undoes nothing.
    const landed = randomUUID();
    expect(await pg.deposit({ transferId: landed, username, amount: 300n })).toMatchObject({ status: 'SUCCESS' });
    expect(await pg.cancelTransfer({ transferId: landed, username, direction: 'deposit', amount: 300n })).toBe('SUCCESS');
    expect(await pg.cancelTransfer({ transferId: held, username, direction: 'deposit', amount: 500n })).toBe('FAILED');
    expect(await pg.getBalance(username)).toBe(10_300n);
  });

  it('a deposit and a cancel of one id racing: exactly one wins, and the balance says which', async () => {
    const pg = sandbox.provider('pg');
    const { username } = await fundedPlayer(pg, 0n);
    let applied = 0n;
    for (let round = 0; round < 10; round++) {
      const transferId = randomUUID();
      const [deposited, cancelled] = await Promise.all([
        pg.deposit({ transferId, username, amount: 100n }),
        pg.cancelTransfer({ transferId, username, direction: 'deposit', amount: 100n }),
      ]);
      expect(deposited.status).toBe(cancelled);
      if (cancelled === 'SUCCESS') applied += 100n;
    }
    expect(await pg.getBalance(username)).toBe(applied);
  });

  it('fails a transfer to an unknown player definitely, and refuses another request under a used id', async () => {
    const pg = sandbox.provider('pg');
    expect(await pg.deposit({ transferId: randomUUID(), username: 'nobody_here', amount: 100n })).toEqual({
      status: 'FAILED',
      reason: 'PLAYER_NOT_FOUND',
    });
    const { username } = await fundedPlayer(pg, 0n);
    const transferId = randomUUID();
    await pg.deposit({ transferId, username, amount: 100n });
    // The same id with another amount may hide an applied transfer: unknown, never a definite failure.
    expect(await pg.deposit({ transferId, username, amount: 200n })).toEqual({ status: 'UNKNOWN', reason: 'bad-response' });
    expect(await pg.getBalance(username)).toBe(100n);
  });

  it('keeps each game apart: a transfer id and a player at one game are unknown at another', async () => {
    const pg = sandbox.provider('pg');
    const joker = sandbox.provider('joker2');
    const { username } = await fundedPlayer(pg, 500n);
    await expect(joker.getBalance(username)).rejects.toMatchObject({ kind: 'rejected', code: 'PLAYER_NOT_FOUND' });
  });

  it('is refused without the agent key: calls throw rejected, a transfer fails definitely', async () => {
    const intruder = sandbox.provider('pg', { agentKey: 'guessed' });
    await expect(intruder.createPlayer({ username: 'intruder', password: 'whatever', currency: 'THB' })).rejects.toBeInstanceOf(
      ProviderError,
    );
    expect(await intruder.deposit({ transferId: randomUUID(), username: 'intruder', amount: 100n })).toEqual({
      status: 'FAILED',
      reason: 'BAD_AGENT_KEY',
    });
  });

  it('timeout fault: the deposit is applied but answered too late -> UNKNOWN timeout; the status by id says SUCCESS', async () => {
    const pg = sandbox.provider('pg', { timeoutMs: 300 });
    const { username } = await fundedPlayer(pg, 0n);
    await sandbox.setFaults({ game: 'pg', timeout: true });
    const transferId = randomUUID();
    const started = Date.now();
    expect(await pg.deposit({ transferId, username, amount: 700n })).toEqual({ status: 'UNKNOWN', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await sandbox.resetFaults();
    expect(await pg.getTransferStatus(transferId)).toBe('SUCCESS');
    expect(await pg.getBalance(username)).toBe(700n);
  });

  it('unknown outcome fault, applied, answered 500 -> UNKNOWN; status SUCCESS', async () => {
    const pg = sandbox.provider('pg');
    const { username } = await fundedPlayer(pg, 1_000n);
    await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: true, answer: '500' } });
    const transferId = randomUUID();
    expect(await pg.withdraw({ transferId, username, amount: 400n })).toEqual({ status: 'UNKNOWN', reason: 'unavailable' });
    await sandbox.resetFaults();
    expect(await pg.getTransferStatus(transferId)).toBe('SUCCESS');
    expect(await pg.getBalance(username)).toBe(600n);
  });

  it('unknown outcome fault, not applied, garbled answer -> UNKNOWN bad-response; status NOT_FOUND', async () => {
    const pg = sandbox.provider('pg');
    const { username } = await fundedPlayer(pg, 1_000n);
    await sandbox.setFaults({ unknownOutcome: { applied: false, answer: 'garbled' } });
    const transferId = randomUUID();
    expect(await pg.deposit({ transferId, username, amount: 400n })).toEqual({ status: 'UNKNOWN', reason: 'bad-response' });
    await sandbox.resetFaults();
    expect(await pg.getTransferStatus(transferId)).toBe('NOT_FOUND');
    expect(await pg.getBalance(username)).toBe(1_000n);
  });

  it('failure rate 1: every transfer is refused before any work (FAILED), and says so by id', async () => {
    const pg = sandbox.provider('pg');
    const { username } = await fundedPlayer(pg, 1_000n);
    await sandbox.setFaults({ game: 'pg', failureRate: 1 });
    const transferId = randomUUID();
    expect(await pg.deposit({ transferId, username, amount: 100n })).toEqual({ status: 'FAILED', reason: 'PROVIDER_REJECTED' });
    await expect(pg.getBalance(username)).rejects.toMatchObject({ kind: 'unavailable' });
    await sandbox.resetFaults();
    expect(await pg.getTransferStatus(transferId)).toBe('FAILED');
    expect(await pg.getBalance(username)).toBe(1_000n);
  });

  it("latency beyond the per-call timeout makes a read throw ProviderError timeout; a game's own faults leave others alone", async () => {
    const a = await fundedPlayer(sandbox.provider('pg'), 100n);
    const b = await fundedPlayer(sandbox.provider('usun'), 100n);
    const pg = sandbox.provider('pg', { timeoutMs: 300 });
    const usun = sandbox.provider('usun', { timeoutMs: 5_000 });
    await sandbox.setFaults({ game: 'pg', latencyMs: 3_000 });
    await expect(pg.getBalance(a.username)).rejects.toMatchObject({ name: 'ProviderError', kind: 'timeout' });
    expect(await usun.getBalance(b.username)).toBe(100n);
  });

  it('resets a password at the provider: the new one logs in, the old one no longer does', async () => {
    const pg = sandbox.provider('pg');
    const { username, password } = await fundedPlayer(pg, 0n);
    await pg.resetPassword(username, 'brand-new-pass');
    const login = (pass: string) =>
      fetch(`${sandbox.base()}/sandbox/games/pg/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: pass }).toString(),
        redirect: 'manual',
      });
    expect((await login(password)).status).toBe(401);
    expect((await login('brand-new-pass')).status).toBe(303);
    await expect(pg.resetPassword('nobody_here', 'brand-new-pass')).rejects.toMatchObject({ code: 'PLAYER_NOT_FOUND' });
  });
});
