import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZTransferResponse } from '@jetton/contract/wallet';
import { ROUTES } from '@jetton/contract/routes';
import { createIdempotencyRepository } from '../../src/http/idempotency-repository.ts';
import { requestFingerprint } from '../../src/http/request-fingerprint.ts';
import { call } from '../support/accounts-support.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  activated,
  atProvider,
  expectHealthy,
  gameBalance,
  setWalletRules,
  transfer,
  walletBalance,
  walletMember,
  type WalletMember,
} from '../support/wallet-support.ts';

/** Past reconcileAfterMs (15 s by default): the job may now ask the provider. */
const PAST_RECONCILE_AGE = 16_000;

describe.each(testEngines())('money through faults on the %s database', (engine) => {
  let t: TestApp;
  let sandbox: ReturnType<typeof sandboxOf>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    sandbox = sandboxOf(t);
    // Generous: creating a player hashes a password at the provider, slow on a busy machine.
    await setWalletRules(t, { providerTimeoutMs: 5_000 });
  });
  afterEach(async () => {
    await sandbox.resetFaults();
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const reconcile = () => t.app.services.transferReconciler.runOnce();

  async function pendingOf(m: WalletMember): Promise<number> {
    const rows = await t.database.db
      .selectFrom('transfers')
      .select('id')
      .where('member_id', '=', m.id)
      .where('status', '=', 'PENDING')
      .execute();
    return rows.length;
  }

  /** game.pnl entries touching this member's accounts: wins and losses booked for them. */
  async function pnlEntries(m: WalletMember): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      select count(distinct e.id)::text as n from journal_entries e
      join postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id
      where e.kind = 'game.pnl' and a.owner_id = ${m.id}`.execute(t.database.db);
    return Number(rows[0]?.n ?? 0);
  }

  describe('observations never race transfers', () => {
    it('a payout observed while a deposit of the same game is in flight (applied, answer lost) books no win and waits for it; ledger = provider once reconciled', async () => {
      const m = await walletMember(t, 10_000n);
      const pg = await activated(t, m, 'pg');
      // The deposit reaches the provider, but its answer is a 500: the site does not know (202 PENDING).
      await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: true, answer: '500' } });
      const first = await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 60 });
      expect(first.statusCode, first.body).toBe(202);
      await sandbox.resetFaults();
      expect(await gameBalance(t, m.id, 'pg')).toBe(0n);

      // A refresh meanwhile reads 60.00 at the provider: not a win, the deposit is in flight.
      const refreshed = await call(t, 'GET', ROUTES.wallet.refreshSlot, undefined, { token: m.token });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      // The member takes the 60.00 out: the provider pays it from the deposit the ledger has not confirmed yet.
      // Not a win: the payout waits (202 PENDING) for that deposit, nothing goes below zero.
      const out = await transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 60 });
      expect(out.statusCode, out.body).toBe(202);
      expect(ZTransferResponse.parse(out.json()).status).toBe('PENDING');
      expect(await pnlEntries(m)).toBe(0);
      expect(await gameBalance(t, m.id, 'pg')).toBe(0n);
      expect(await walletBalance(t, m.id)).toBe(4_000n);

      // Reconciliation confirms the deposit, then credits the payout (a pass may meet the payout first: it waits a turn).
      for (let pass = 0; pass < 3 && (await pendingOf(m)) > 0; pass++) {
        t.clock.advance(PAST_RECONCILE_AGE);
        await reconcile();
      }
      expect(await pendingOf(m)).toBe(0);
      expect(await walletBalance(t, m.id)).toBe(10_000n);
      expect(await gameBalance(t, m.id, 'pg')).toBe(0n);
      expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(0n);
      expect(await pnlEntries(m)).toBe(0);
      // And a refresh now finds nothing to book either.
      await call(t, 'GET', ROUTES.wallet.refreshSlot, undefined, { token: m.token });
      expect(await pnlEntries(m)).toBe(0);
    });

    it('with nothing in flight, a payout above the cached balance is still a real win, booked as game.pnl', async () => {
      const m = await walletMember(t, 1_000n);
      const pg = await activated(t, m, 'pg');
      await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 10 });
      await sandbox.provider('pg').deposit({ transferId: `win-${m.id}`, username: pg.username ?? '', amount: 5_000n });
      const out = await transfer(t, m.token, { from: 'pg', to: 'WALLET', amount: 55 });
      expect(out.statusCode, out.body).toBe(200);
      expect(await pnlEntries(m)).toBe(1);
      expect(await gameBalance(t, m.id, 'pg')).toBe(0n);
    });
  });

  describe('keys outlive the node that took them', () => {
    const keys = () => t.database.db.selectFrom('idempotency_keys');

    /** What a node's death does to a key: its lease is no longer renewed by anyone, so it ends. */
    async function abandonLease(key: string): Promise<void> {
      await t.database.db.updateTable('idempotency_keys').set({ lease_until: t.clock.now() }).where('key', '=', key).execute();
    }

    it('a transfer whose request died: the same key and body answer 202 PENDING after the lease, then the settled 200 SUCCESS; a different body 409', async () => {
      const m = await walletMember(t, 10_000n);
      const pg = await activated(t, m, 'pg');
      // The provider applies the deposit and then holds its answer: the request stays at the provider.
      await sandbox.setFaults({ game: 'pg', timeout: true, hangMs: 3_000 });
      const key = randomUUID();
      const body = { from: 'WALLET', to: 'pg', amount: 40 };
      const first = transfer(t, m.token, body, key);
      const row = await waitForTransfer(m);
      // The node dies here (its request's lease is abandoned); the member's app sends again.
      await abandonLease(key);
      const resent = await transfer(t, m.token, body, key);
      expect(resent.statusCode, resent.body).toBe(202);
      expect(ZTransferResponse.parse(resent.json())).toEqual({ status: 'PENDING', transferId: row, from: 'WALLET', to: 'pg', amount: 40 });
      const other = await transfer(t, m.token, { ...body, amount: 41 }, key);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });

      // The "dead" request's own late answer is not stored over what the key now stands for.
      await first;
      expect((await keys().select('state').where('key', '=', key).executeTakeFirstOrThrow()).state).toBe('processing');
      await sandbox.resetFaults();
      t.clock.advance(PAST_RECONCILE_AGE);
      await reconcile();
      const settled = await transfer(t, m.token, body, key);
      expect(settled.statusCode, settled.body).toBe(200);
      expect(settled.json()).toEqual({ status: 'SUCCESS', transferId: row, from: 'WALLET', to: 'pg', amount: 40 });
      // Moved once.
      expect(await walletBalance(t, m.id)).toBe(6_000n);
      expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(4_000n);
    });

    it('a refused transfer whose answer was lost with its node answers 502 TRANSFER_FAIL to the re-send, without waiting for the lease', async () => {
      const m = await walletMember(t, 10_000n);
      await activated(t, m, 'pg');
      await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: false, answer: 'garbled' } });
      const key = randomUUID();
      const body = { from: 'WALLET', to: 'pg', amount: 25 };
      expect((await transfer(t, m.token, body, key)).statusCode).toBe(202);
      await sandbox.resetFaults();
      // As if the node had died before storing its answer: the key is still processing, its lease still running.
      await t.database.db
        .updateTable('idempotency_keys')
        .set({ state: 'processing', response_status: null, response_body: null, lease_until: new Date(t.clock.now().getTime() + 60_000) })
        .where('key', '=', key)
        .execute();
      t.clock.advance(PAST_RECONCILE_AGE);
      expect(await reconcile()).toMatchObject({ failed: 1 });
      const resent = await transfer(t, m.token, body, key);
      expect(resent.statusCode, resent.body).toBe(502);
      expect(resent.json()).toEqual({ message: 'TRANSFER_FAIL' });
      expect(await walletBalance(t, m.id)).toBe(10_000n);
    });

    it('a stored 202 PENDING is provisional: once reconciliation settled the transfer, the same key and body answer its outcome', async () => {
      const m = await walletMember(t, 10_000n);
      const pg = await activated(t, m, 'pg');
      await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: true, answer: '500' } });
      const key = randomUUID();
      const body = { from: 'WALLET', to: 'pg', amount: 30 };
      const first = await transfer(t, m.token, body, key);
      expect(first.statusCode, first.body).toBe(202);
      await sandbox.resetFaults();
      // Still unknown: the stored 202 again.
      const early = await transfer(t, m.token, body, key);
      expect(early.statusCode).toBe(202);
      expect(early.body).toBe(first.body);
      t.clock.advance(PAST_RECONCILE_AGE);
      await reconcile();
      const settled = await transfer(t, m.token, body, key);
      expect(settled.statusCode, settled.body).toBe(200);
      expect(settled.json()).toEqual({ ...ZTransferResponse.parse(first.json()), status: 'SUCCESS' });
      expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(3_000n);
      expect(await walletBalance(t, m.id)).toBe(7_000n);
    });

    it('a re-send while the dead request still holds its lease waits for it, then answers 202 PENDING, never 409', async () => {
      const m = await walletMember(t, 10_000n);
      await activated(t, m, 'pg');
      await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: false, answer: 'garbled' } });
      const key = randomUUID();
      const body = { from: 'WALLET', to: 'pg', amount: 20 };
      expect((await transfer(t, m.token, body, key)).statusCode).toBe(202);
      await sandbox.resetFaults();
      // As if its node had died before storing the answer, a moment ago: the lease still runs for 30 s.
      await t.database.db
        .updateTable('idempotency_keys')
        .set({ state: 'processing', response_status: null, response_body: null, lease_until: new Date(t.clock.now().getTime() + 30_000) })
        .where('key', '=', key)
        .execute();
      const resent = await transfer(t, m.token, body, key);
      expect(resent.statusCode, resent.body).toBe(202);
      expect(ZTransferResponse.parse(resent.json())).toMatchObject({ status: 'PENDING', ...body });
      // Reconciliation finds nothing at the provider, cancels the id there and gives the money back.
      t.clock.advance(PAST_RECONCILE_AGE);
      expect(await reconcile()).toMatchObject({ failed: 1 });
      const settled = await transfer(t, m.token, body, key);
      expect(settled.statusCode, settled.body).toBe(502);
      expect(await walletBalance(t, m.id)).toBe(10_000n);
    });

    it('a key whose request died before moving anything runs again once its lease has expired, and moves the money once', async () => {
      const m = await walletMember(t, 10_000n);
      const pg = await activated(t, m, 'pg');
      const key = randomUUID();
      const body = { from: 'WALLET', to: 'pg', amount: 15 };
      // The dead request claimed the key and died before the debit: its lease has run out.
      const now = t.clock.now();
      const hash = requestFingerprint('POST', ROUTES.wallet.transfer, body);
      expect(await createIdempotencyRepository(t.database.db).claim(m.id, key, hash, now, now)).toBe(true);
      // Past the lease, with nothing left behind, the re-send runs for real.
      const rerun = await transfer(t, m.token, body, key);
      expect(rerun.statusCode, rerun.body).toBe(200);
      expect(await walletBalance(t, m.id)).toBe(8_500n);
      expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(1_500n);
      const again = await transfer(t, m.token, body, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await walletBalance(t, m.id)).toBe(8_500n);
    });
  });

  async function waitForTransfer(m: WalletMember): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const row = await t.database.db
        .selectFrom('transfers')
        .select('id')
        .where('member_id', '=', m.id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (row) return row.id;
      await sleep(20);
    }
    throw new Error('no transfer started');
  }
});
