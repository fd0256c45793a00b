import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../../src/ledger/accounts.ts';
import { memberWallet } from '../../src/ledger/account-codes.ts';
import { InsufficientFunds, LedgerError } from '../../src/ledger/ledger-types.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { createPostQueue } from '../../src/ledger/post-queue.ts';
import { testEngines } from '../support/engines.ts';
import { balanceOf, expectLedgerHealthy, scenarioAccounts } from '../support/ledger-helpers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('the post queue on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function funded(amount: bigint) {
    const db = t.database.db;
    const a = await scenarioAccounts(db);
    await postEntry(db, {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -amount },
        { account: a.wallet, amount },
      ],
    });
    return a;
  }

  it('posts many concurrent entries in batches, each answered as postEntry would', async () => {
    const db = t.database.db;
    const a = await funded(10_000n);
    const queue = createPostQueue(db);
    const posted = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        queue.post({
          kind: 'transfer.test',
          reference: `q-${a.ownerId}-${i}`,
          postings: [
            { account: a.wallet, amount: -100n },
            { account: a.game, amount: 100n },
          ],
        }),
      ),
    );
    expect(posted.every((p) => p.created)).toBe(true);
    expect(new Set(posted.map((p) => p.id)).size).toBe(60);
    expect(await balanceOf(db, a.wallet)).toBe(4_000n);
    expect(await balanceOf(db, a.game)).toBe(6_000n);
    await expectLedgerHealthy(db);
  });

  it('refuses exactly the entries a wallet cannot afford, in arrival order, and posts the rest', async () => {
    const db = t.database.db;
    const a = await funded(4_000n);
    const queue = createPostQueue(db);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        queue.post({
          kind: 'withdraw.hold',
          reference: `race-${a.ownerId}-${i}`,
          postings: [
            { account: a.wallet, amount: -100n },
            { account: a.payoutPending, amount: 100n },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(db, a.wallet)).toBe(0n);
    await expectLedgerHealthy(db);
  });

  it('answers a repeated kind + reference with the first entry, within a batch and across batches', async () => {
    const db = t.database.db;
    const a = await funded(1_000n);
    const queue = createPostQueue(db);
    const entry = {
      kind: 'transfer.test',
      reference: `dup-${a.ownerId}`,
      postings: [
        { account: a.wallet, amount: -100n },
        { account: a.game, amount: 100n },
      ],
    };
    const [first, second, third] = await Promise.all([queue.post(entry), queue.post(entry), queue.post(entry)]);
    expect(first?.created).toBe(true);
    expect(second).toEqual({ id: first?.id, created: false });
    expect(third).toEqual({ id: first?.id, created: false });
    expect(await queue.post(entry)).toEqual({ id: first?.id, created: false });
    expect(await balanceOf(db, a.wallet)).toBe(900n);
    await expectLedgerHealthy(db);
  });

  it("keeps one caller's bug to that caller: the others in its batch still post", async () => {
    const db = t.database.db;
    const a = await funded(1_000n);
    const lak = await ensureAccount(db, memberWallet(randomUUID(), 'LAK'));
    const queue = createPostQueue(db);
    const move = (i: number) =>
      queue.post({
        kind: 'transfer.test',
        reference: `bug-${a.ownerId}-${i}`,
        postings: [
          { account: a.wallet, amount: -10n },
          { account: a.game, amount: 10n },
        ],
      });
    const results = await Promise.allSettled([
      move(1),
      queue.post({
        kind: 'transfer.test',
        postings: [
          { account: a.game, amount: -10n },
          { account: lak, amount: 10n },
        ],
      }),
      queue.post({
        kind: 'transfer.test',
        postings: [
          { account: a.game, amount: -10n },
          { account: 999_999_999n, amount: 10n },
        ],
      }),
      move(2),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
    expect(() => queue.post({ kind: 'transfer.test', postings: [{ account: a.wallet, amount: 5n }] })).toThrow(LedgerError);
    expect(await balanceOf(db, a.wallet)).toBe(980n);
    await expectLedgerHealthy(db);
  });

  it('holds a game account to its floor when asked, as postEntry does', async () => {
    const db = t.database.db;
    const a = await funded(1_000n);
    const queue = createPostQueue(db);
    const fromGame = {
      kind: 'transfer.from-game',
      postings: [
        { account: a.game, amount: -10n },
        { account: a.wallet, amount: 10n },
      ],
    };
    await expect(queue.post(fromGame, { floorKinds: ['game'] })).rejects.toBeInstanceOf(InsufficientFunds);
    expect((await queue.post(fromGame)).created).toBe(true);
    expect(await balanceOf(db, a.game)).toBe(-10n);
    await expectLedgerHealthy(db);
  });
});
