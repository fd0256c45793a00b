import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZTransferResponse } from '@jetton/contract/wallet';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { createTransferRepository } from '../../src/modules/wallet/transfer-repository.ts';
import { createTransferSettlement } from '../../src/modules/wallet/transfer-settlement.ts';
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
  walletBalance,
  walletMember,
  type WalletMember,
} from '../support/wallet-support.ts';

/** Past reconcileAfterMs (15 s by default): the job may now ask the provider. */
const PAST_RECONCILE_AGE = 16_000;

describe.each(testEngines())('lost provider answers settled by reconciliation on the %s database', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
    // One activation at the default deadline first: the first call into a cold app (code compiled on
    // first use, the embedded engine's first reads of the provider's tables) can take over a second
    // on a loaded machine, and the first test's activation then failed with SLOT_ACTIVATE_FAIL.
    await activated(t, await walletMember(t), 'pg');
    // A short provider deadline, so the timeout fault costs a test one second.
    await setWalletRules(t, { providerTimeoutMs: 1_000 });
  });
  afterEach(async () => {
    await sandbox.resetFaults();
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const row = (id: string) => t.database.db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const reconcile = () => t.app.services.transferReconciler.runOnce();

  async function pendingTransfer(m: WalletMember, body: { from: string; to: string; amount: number }) {
    const res = await transfer(t, m.token, body);
    expect(res.statusCode, res.body).toBe(202);
    const answer = ZTransferResponse.parse(res.json());
    expect(answer).toMatchObject({ status: 'PENDING', ...body });
    await sandbox.resetFaults();
    return answer.transferId;
  }

  it('wallet -> game, answer timed out but applied: 202 PENDING, then completed by reconciliation', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    await sandbox.setFaults({ game: 'pg', timeout: true });
    const id = await pendingTransfer(m, { from: 'WALLET', to: 'pg', amount: 30 });
    // The money is out of the wallet and held for the provider while unknown.
    expect(await walletBalance(t, m.id)).toBe(7_000n);
    expect(await providerHolding(t, 'pg')).toBe(3_000n);
    expect(await row(id)).toMatchObject({ status: 'PENDING', reason: 'timeout' });

    // Too young to ask about: a "not found" could still be the request on its way.
    expect(await reconcile()).toMatchObject({ claimed: 0 });
    t.clock.advance(PAST_RECONCILE_AGE);
    expect(await reconcile()).toEqual({ claimed: 1, completed: 1, failed: 0, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    expect(await gameBalance(t, m.id, 'pg')).toBe(3_000n);
    expect(await providerHolding(t, 'pg')).toBe(0n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(3_000n);
    expect(await reconcile()).toMatchObject({ claimed: 0 });
  });

  it('settlements of the same transfers racing (requests, reconciliation, nodes) settle each once, however they are batched', async () => {
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'pg');
    const ids: string[] = [];
    for (const amount of [10, 20]) {
      await sandbox.setFaults({ game: 'pg', timeout: true });
      ids.push(await pendingTransfer(m, { from: 'WALLET', to: 'pg', amount }));
    }
    const rows = await Promise.all(ids.map(row));
    // Two settlers, as two nodes would be, each sending every transfer's settlement several times at once.
    const settlers = [1, 2].map(() => createTransferSettlement({ clock: t.clock, db: t.database.db }));
    const settled = await Promise.all(settlers.flatMap((s) => [...rows, ...rows, ...rows].map((r) => s.completeToGame(r))));
    expect(settled.filter(Boolean)).toHaveLength(2);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'SUCCESS' });
    expect(await gameBalance(t, m.id, 'pg')).toBe(3_000n);
    expect(await providerHolding(t, 'pg')).toBe(0n);
    // Settled: a late settlement moves nothing.
    expect(await settlers[0]?.completeToGame(rows[0] as (typeof rows)[number])).toBe(false);
  });

  it('wallet -> game, unknown outcome never applied: the provider does not know it, so it is cancelled there and reversed; the request arriving late moves nothing', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: false, answer: 'garbled' } });
    const id = await pendingTransfer(m, { from: 'WALLET', to: 'pg', amount: 45.5 });
    expect(await walletBalance(t, m.id)).toBe(5_450n);
    t.clock.advance(PAST_RECONCILE_AGE);
    expect(await reconcile()).toEqual({ claimed: 1, completed: 0, failed: 1, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'FAILED', reason: 'NOT_FOUND_AT_PROVIDER' });
    expect(await walletBalance(t, m.id)).toBe(10_000n);
    expect(await providerHolding(t, 'pg')).toBe(0n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(0n);
    // The deposit the provider was still holding lands now (a provider slower than our deadline, a node
    // that died mid-call): its id was cancelled, so it is refused, and the money is not in two places.
    const late = await sandbox.provider('pg').deposit({ transferId: id, username: pg.username ?? '', amount: 4_550n });
    expect(late).toMatchObject({ status: 'FAILED' });
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(0n);
    expect(await sandbox.provider('pg').getTransferStatus(id)).toBe('FAILED');
  });

  it('game -> wallet, unknown outcome but applied: the wallet is credited by reconciliation', async () => {
    const m = await walletMember(t, 10_000n);
    const usun = await activated(t, m, 'usun');
    await transfer(t, m.token, { from: 'WALLET', to: 'usun', amount: 80 });
    await sandbox.setFaults({ game: 'usun', unknownOutcome: { applied: true, answer: '500' } });
    const id = await pendingTransfer(m, { from: 'usun', to: 'WALLET', amount: 50 });
    expect(await walletBalance(t, m.id)).toBe(2_000n);
    expect(await atProvider(t, 'usun', usun.username ?? '')).toBe(3_000n);
    t.clock.advance(PAST_RECONCILE_AGE);
    expect(await reconcile()).toEqual({ claimed: 1, completed: 1, failed: 0, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'SUCCESS' });
    expect(await walletBalance(t, m.id)).toBe(7_000n);
    expect(await gameBalance(t, m.id, 'usun')).toBe(3_000n);
  });

  it('game -> wallet, timed out and never applied: FAILED, nothing credited, nothing left the provider', async () => {
    const m = await walletMember(t, 10_000n);
    const usun = await activated(t, m, 'usun');
    await transfer(t, m.token, { from: 'WALLET', to: 'usun', amount: 80 });
    await sandbox.setFaults({ game: 'usun', unknownOutcome: { applied: false, answer: '500' } });
    const id = await pendingTransfer(m, { from: 'usun', to: 'WALLET', amount: 80 });
    t.clock.advance(PAST_RECONCILE_AGE);
    expect(await reconcile()).toEqual({ claimed: 1, completed: 0, failed: 1, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'FAILED', reason: 'NOT_FOUND_AT_PROVIDER' });
    expect(await walletBalance(t, m.id)).toBe(2_000n);
    expect(await gameBalance(t, m.id, 'usun')).toBe(8_000n);
    expect(await atProvider(t, 'usun', usun.username ?? '')).toBe(8_000n);
    // The payout arriving late at the provider is refused: the member's 80.00 stay in the game.
    const late = await sandbox.provider('usun').withdraw({ transferId: id, username: usun.username ?? '', amount: 8_000n });
    expect(late).toMatchObject({ status: 'FAILED' });
    expect(await atProvider(t, 'usun', usun.username ?? '')).toBe(8_000n);
  });

  it('a provider that cannot answer the status question keeps the transfer PENDING; it is asked again later', async () => {
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'imi');
    await sandbox.setFaults({ game: 'imi', timeout: true });
    const id = await pendingTransfer(m, { from: 'WALLET', to: 'imi', amount: 10 });
    t.clock.advance(PAST_RECONCILE_AGE);
    await sandbox.setFaults({ game: 'imi', failureRate: 1 });
    expect(await reconcile()).toEqual({ claimed: 1, completed: 0, failed: 0, unknown: 1 });
    expect(await row(id)).toMatchObject({ status: 'PENDING', reason: 'STATUS_UNKNOWN', attempts: 1 });
    await sandbox.resetFaults();
    // Not before the retry delay (10 s by default)...
    expect(await reconcile()).toMatchObject({ claimed: 0 });
    t.clock.advance(11_000);
    expect(await reconcile()).toEqual({ claimed: 1, completed: 1, failed: 0, unknown: 0 });
    expect(await row(id)).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    expect(await walletBalance(t, m.id)).toBe(9_000n);
  });

  it('game -> game whose first leg is unknown stops there: the money reaches the wallet when reconciled', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    const joker = await activated(t, m, 'joker2');
    await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 20 });
    await sandbox.setFaults({ game: 'pg', timeout: true });
    await pendingTransfer(m, { from: 'pg', to: 'joker2', amount: 20 });
    t.clock.advance(PAST_RECONCILE_AGE);
    expect(await reconcile()).toMatchObject({ claimed: 1, completed: 1 });
    expect(await walletBalance(t, m.id)).toBe(10_000n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(0n);
    expect(await atProvider(t, 'joker2', joker.username ?? '')).toBe(0n);
  });

  it('two passes at once (two nodes) each claim different transfers: SKIP LOCKED plus a lease', async () => {
    const m = await walletMember(t);
    const now = t.clock.now();
    const ids = Array.from({ length: 12 }, () => uuidV7(now));
    const repo = createTransferRepository(t.database.db);
    for (const id of ids) {
      await repo.insert({
        id,
        group_id: id,
        member_id: m.id,
        game_code: 'pg',
        direction: 'from_game',
        amount: 100n,
        currency: 'THB',
        status: 'PENDING',
        provider_transfer_id: id,
        entry_id: null,
        reason: null,
        next_check_at: now,
        created_at: now,
        updated_at: now,
      });
    }
    const lease = new Date(now.getTime() + 60_000);
    try {
      const [a, b] = await Promise.all([repo.claimDue(now, lease, 8), repo.claimDue(now, lease, 8)]);
      const claimed = [...a, ...b].map((r) => r.id).filter((id) => ids.includes(id));
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.length).toBe(12);
      // Claimed rows are leased: a third pass finds none of them.
      expect((await repo.claimDue(now, lease, 50)).filter((r) => ids.includes(r.id))).toEqual([]);
    } finally {
      await t.database.db.updateTable('transfers').set({ status: 'FAILED' }).where('id', 'in', ids).execute();
    }
  });

  it('the scheduled job settles pending transfers on its own, within the configured interval', async () => {
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'circus');
    await sandbox.setFaults({ game: 'circus', timeout: true });
    const id = await pendingTransfer(m, { from: 'WALLET', to: 'circus', amount: 5 });
    await setWalletRules(t, { providerTimeoutMs: 1_000, reconcileIntervalMs: 100 });
    t.clock.advance(PAST_RECONCILE_AGE);
    await expect.poll(async () => (await row(id)).status, { timeout: 8_000, interval: 100 }).toBe('SUCCESS');
    expect(await walletBalance(t, m.id)).toBe(9_500n);
  });
});
