import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';
import { ConflictsExhausted, InsufficientFunds, LedgerError } from '../../src/ledger/ledger-types.ts';
import { withMoneyTransaction } from '../../src/ledger/money-transaction.ts';
import { postEntry, reverseEntry } from '../../src/ledger/post-entry.ts';
import { ensureAccount } from '../../src/ledger/accounts.ts';
import { memberWallet, systemAccount } from '../../src/ledger/account-codes.ts';
import { testEngines } from '../support/engines.ts';
import { balanceOf, expectLedgerHealthy, scenarioAccounts } from '../support/ledger-helpers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('ledger on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerHealthy(t.database.db));

  const db = () => t.database.db;

  it('posts a balanced entry and moves both cached balances in the same transaction', async () => {
    const a = await scenarioAccounts(db());
    const entry = await withMoneyTransaction(db(), (trx) =>
      postEntry(trx, {
        kind: 'deposit.test',
        memo: 'deposit',
        postings: [
          { account: a.bank, amount: -10_000n },
          { account: a.wallet, amount: 10_000n },
        ],
      }),
    );
    expect(entry.created).toBe(true);
    expect(await balanceOf(db(), a.wallet)).toBe(10_000n);
  });

  it('refuses postings that do not sum to zero, and writes nothing', async () => {
    const a = await scenarioAccounts(db());
    await expect(
      withMoneyTransaction(db(), (trx) =>
        postEntry(trx, {
          kind: 'bad',
          postings: [
            { account: a.bank, amount: -1n },
            { account: a.wallet, amount: 2n },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    expect(await balanceOf(db(), a.wallet)).toBe(0n);
  });

  it('refuses single postings, zero amounts, a repeated account and number amounts', async () => {
    const a = await scenarioAccounts(db());
    const attempts = [
      [{ account: a.wallet, amount: 0n }],
      [
        { account: a.wallet, amount: 0n },
        { account: a.bank, amount: 0n },
      ],
      [
        { account: a.wallet, amount: 5n },
        { account: a.wallet, amount: -5n },
      ],
      [
        { account: a.wallet, amount: 5 as unknown as bigint },
        { account: a.bank, amount: -5n },
      ],
    ];
    for (const postings of attempts) {
      await expect(withMoneyTransaction(db(), (trx) => postEntry(trx, { kind: 'bad', postings }))).rejects.toBeInstanceOf(LedgerError);
    }
  });

  it('refuses to mix currencies in one entry', async () => {
    const a = await scenarioAccounts(db());
    const lak = await ensureAccount(db(), systemAccount('bank:lak-1', 'LAK'));
    await expect(
      withMoneyTransaction(db(), (trx) =>
        postEntry(trx, {
          kind: 'bad',
          postings: [
            { account: lak, amount: -5n },
            { account: a.wallet, amount: 5n },
          ],
        }),
      ),
    ).rejects.toThrow(/currencies/);
  });

  it('never lets a member wallet go below zero: MONEY_NOT_ENOUGH, and the caller can still commit other work', async () => {
    const a = await scenarioAccounts(db());
    await postEntry(db(), {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -500n },
        { account: a.wallet, amount: 500n },
      ],
    });
    const outcome = await withMoneyTransaction(db(), async (trx) => {
      const refused = await postEntry(trx, {
        kind: 'transfer.test',
        postings: [
          { account: a.wallet, amount: -501n },
          { account: a.provider, amount: 501n },
        ],
      }).catch((error: unknown) => error);
      // The same transaction goes on and commits a smaller movement.
      await postEntry(trx, {
        kind: 'transfer.test',
        postings: [
          { account: a.wallet, amount: -500n },
          { account: a.provider, amount: 500n },
        ],
      });
      return refused;
    });
    expect(outcome).toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(db(), a.wallet)).toBe(0n);
  });

  it('lets system accounts go negative (they are the counterparties of money that came in)', async () => {
    const a = await scenarioAccounts(db());
    await postEntry(db(), {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -700n },
        { account: a.wallet, amount: 700n },
      ],
    });
    expect(await balanceOf(db(), a.bank)).toBeLessThan(0n);
  });

  it('posts a kind + reference once: a repeated callback answers the first entry and moves nothing', async () => {
    const a = await scenarioAccounts(db());
    const input = {
      kind: 'deposit.qr',
      reference: `qr-${a.ownerId}`,
      postings: [
        { account: a.bank, amount: -300n },
        { account: a.wallet, amount: 300n },
      ],
    };
    const first = await postEntry(db(), input);
    const again = await postEntry(db(), input);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await balanceOf(db(), a.wallet)).toBe(300n);
  });

  it('reverses an entry exactly once with the opposite postings', async () => {
    const a = await scenarioAccounts(db());
    await postEntry(db(), {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -1_000n },
        { account: a.wallet, amount: 1_000n },
      ],
    });
    const out = await postEntry(db(), {
      kind: 'transfer.test',
      postings: [
        { account: a.wallet, amount: -400n },
        { account: a.provider, amount: 400n },
      ],
    });
    const first = await reverseEntry(db(), out.id, { kind: 'transfer.failed' });
    const second = await reverseEntry(db(), out.id, { kind: 'transfer.failed' });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await balanceOf(db(), a.wallet)).toBe(1_000n);
    await expect(reverseEntry(db(), first.id, { kind: 'x' })).rejects.toBeInstanceOf(LedgerError);
  });

  it('refuses a reversal that would take back money the member already spent', async () => {
    const a = await scenarioAccounts(db());
    const deposit = await postEntry(db(), {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -1_000n },
        { account: a.wallet, amount: 1_000n },
      ],
    });
    await postEntry(db(), {
      kind: 'transfer.test',
      postings: [
        { account: a.wallet, amount: -600n },
        { account: a.provider, amount: 600n },
      ],
    });
    await expect(reverseEntry(db(), deposit.id, { kind: 'deposit.reversed' })).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(db(), a.wallet)).toBe(400n);
  });

  it('creates an account once even when asked concurrently', async () => {
    const ref = memberWallet(crypto.randomUUID(), 'THB');
    const ids = await Promise.all(Array.from({ length: 10 }, () => ensureAccount(db(), ref)));
    expect(new Set(ids).size).toBe(1);
  });

  it('retries a serialization failure and commits the last attempt only', async () => {
    const a = await scenarioAccounts(db());
    let runs = 0;
    await withMoneyTransaction(db(), async (trx) => {
      runs++;
      await postEntry(trx, {
        kind: 'deposit.test',
        postings: [
          { account: a.bank, amount: -100n },
          { account: a.wallet, amount: 100n },
        ],
      });
      if (runs < 3) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(runs).toBe(3);
    expect(await balanceOf(db(), a.wallet)).toBe(100n);
  });

  it('gives up with ConflictsExhausted (answered 429 REQUEST_LIMIT, never a 5xx) when every attempt deadlocks', async () => {
    const error: unknown = await withMoneyTransaction(
      db(),
      () => Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' })),
      { attempts: 3, backoffMs: 1 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictsExhausted);
  });

  it('reports each broken invariant when the database is tampered with', async () => {
    const a = await scenarioAccounts(db());
    await postEntry(db(), {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -100n },
        { account: a.wallet, amount: 100n },
      ],
    });
    let rules = new Set<string>();
    const undo = new Error('roll the tampering back');
    const outcome = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`alter table ledger_accounts drop constraint ledger_accounts_wallet_not_negative`.execute(trx);
        await sql`update ledger_accounts set balance = -5 where id = ${a.wallet}`.execute(trx);
        await sql`update postings set amount = amount + 1 where account_id = ${a.bank}`.execute(trx);
        rules = new Set((await checkInvariants(trx)).map((v) => v.rule));
        throw undo;
      })
      .catch((e: unknown) => e);
    expect(outcome).toBe(undo);
    expect(rules).toEqual(new Set(['entry-unbalanced', 'balance-stale', 'wallet-negative', 'currency-not-zero']));
  });
});
