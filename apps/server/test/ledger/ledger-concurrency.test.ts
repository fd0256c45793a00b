import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientFunds } from '../../src/ledger/ledger-types.ts';
import { withMoneyTransaction } from '../../src/ledger/money-transaction.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { testEngines } from '../support/engines.ts';
import { balanceOf, expectLedgerHealthy, scenarioAccounts } from '../support/ledger-helpers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('wallet debits racing on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('lets exactly 40 of 100 concurrent 1.00 debits through a 40.00 wallet; the rest get MONEY_NOT_ENOUGH', async () => {
    const db = t.database.db;
    const a = await scenarioAccounts(db);
    await postEntry(db, {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -4_000n },
        { account: a.wallet, amount: 4_000n },
      ],
    });

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        withMoneyTransaction(db, (trx) =>
          postEntry(trx, {
            kind: 'withdraw.hold',
            reference: `race-${a.ownerId}-${i}`,
            postings: [
              { account: a.wallet, amount: -100n },
              { account: a.payoutPending, amount: 100n },
            ],
          }),
        ),
      ),
    );

    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    expect(refused).toHaveLength(60);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(InsufficientFunds);
    }
    expect(await balanceOf(db, a.wallet)).toBe(0n);
    await expectLedgerHealthy(db);
  });

  it('moves money both ways between the same accounts at once without a deadlock reaching the caller', async () => {
    const db = t.database.db;
    const a = await scenarioAccounts(db);
    await postEntry(db, {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -10_000n },
        { account: a.wallet, amount: 10_000n },
      ],
    });
    await postEntry(db, {
      kind: 'transfer.test',
      postings: [
        { account: a.wallet, amount: -5_000n },
        { account: a.game, amount: 5_000n },
      ],
    });
    // Three accounts, listed in opposite orders: sorted row locks keep them from deadlocking.
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        withMoneyTransaction(db, (trx) =>
          postEntry(trx, {
            kind: 'transfer.test',
            postings:
              i % 2 === 0
                ? [
                    { account: a.wallet, amount: -10n },
                    { account: a.provider, amount: 1n },
                    { account: a.game, amount: 9n },
                  ]
                : [
                    { account: a.game, amount: -10n },
                    { account: a.provider, amount: 1n },
                    { account: a.wallet, amount: 9n },
                  ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await balanceOf(db, a.wallet)).toBe(5_000n - 30n);
    expect(await balanceOf(db, a.game)).toBe(5_000n - 30n);
    await expectLedgerHealthy(db);
  });
});
