import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.ts';
import { InsufficientFunds } from '../../src/ledger/ledger-types.ts';
import { withMoneyTransaction } from '../../src/ledger/money-transaction.ts';
import { postEntry, reverseEntry } from '../../src/ledger/post-entry.ts';
import { testEngines } from '../support/engines.ts';
import { LedgerModel, opArbitrary, type Op } from '../support/ledger-model.ts';
import { balanceOf, expectLedgerHealthy, scenarioAccounts } from '../support/ledger-helpers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Accounts = Awaited<ReturnType<typeof scenarioAccounts>>;
type Open = { entryId: bigint; amount: bigint; direction: 'toGame' | 'fromGame' };

/** Applies one operation to the real ledger and to the model; a refusal must leave both unchanged. */
async function apply(
  db: Kysely<DB>,
  a: Accounts,
  m: LedgerModel,
  state: { transfers: Open[]; withdrawals: Open[]; lastDeposit?: string },
  o: Op,
) {
  const post = (kind: string, postings: [bigint, bigint][], reference?: string) =>
    withMoneyTransaction(db, (trx) =>
      postEntry(trx, { kind, reference, postings: postings.map(([account, amount]) => ({ account, amount })) }),
    );
  const refusedForMoney = (error: unknown) => {
    if (error instanceof InsufficientFunds) return undefined;
    throw error;
  };
  switch (o.op) {
    case 'deposit': {
      const reference = `dep-${a.ownerId}-${m.bank}`;
      await post(
        'deposit.test',
        [
          [a.bank, -o.amount],
          [a.wallet, o.amount],
        ],
        reference,
      );
      state.lastDeposit = reference;
      m.bank -= o.amount;
      m.wallet += o.amount;
      return;
    }
    case 'replayDeposit': {
      if (!state.lastDeposit) return;
      // Same reference, any amount: nothing moves a second time.
      const again = await post(
        'deposit.test',
        [
          [a.bank, -1n],
          [a.wallet, 1n],
        ],
        state.lastDeposit,
      );
      expect(again.created).toBe(false);
      return;
    }
    case 'toGame': {
      const entry = await post('transfer.to-game', [
        [a.wallet, -o.amount],
        [a.provider, o.amount],
      ]).catch(refusedForMoney);
      if (entry) {
        state.transfers.push({ entryId: entry.id, amount: o.amount, direction: 'toGame' });
        m.wallet -= o.amount;
        m.provider += o.amount;
      } else expect(m.wallet).toBeLessThan(o.amount);
      return;
    }
    case 'fromGame': {
      // The provider confirmed the game balance; only withdraw what the member has there.
      if (m.game === 0n) return;
      const amount = ((o.amount - 1n) % m.game) + 1n;
      const entry = await post('transfer.from-game', [
        [a.game, -amount],
        [a.provider, amount],
      ]);
      state.transfers.push({ entryId: entry.id, amount, direction: 'fromGame' });
      m.game -= amount;
      m.provider += amount;
      return;
    }
    case 'settleTransfer': {
      const open = state.transfers.splice(o.pick % Math.max(1, state.transfers.length), 1)[0];
      if (!open) return;
      const target = open.direction === 'toGame' ? a.game : a.wallet;
      if (o.success) {
        await post(`transfer.${open.direction}.done`, [
          [a.provider, -open.amount],
          [target, open.amount],
        ]);
        m.provider -= open.amount;
        if (open.direction === 'toGame') m.game += open.amount;
        else m.wallet += open.amount;
      } else {
        await withMoneyTransaction(db, (trx) => reverseEntry(trx, open.entryId, { kind: 'transfer.failed' }));
        m.provider -= open.amount;
        if (open.direction === 'toGame') m.wallet += open.amount;
        else m.game += open.amount;
      }
      return;
    }
    case 'withdraw': {
      const entry = await post('withdraw.hold', [
        [a.wallet, -o.amount],
        [a.payoutPending, o.amount],
      ]).catch(refusedForMoney);
      if (entry) {
        state.withdrawals.push({ entryId: entry.id, amount: o.amount, direction: 'toGame' });
        m.wallet -= o.amount;
        m.payoutPending += o.amount;
      } else expect(m.wallet).toBeLessThan(o.amount);
      return;
    }
    case 'settleWithdrawal': {
      const open = state.withdrawals.splice(o.pick % Math.max(1, state.withdrawals.length), 1)[0];
      if (!open) return;
      if (o.paid) {
        await post('withdraw.paid', [
          [a.payoutPending, -open.amount],
          [a.payout, open.amount],
        ]);
        m.payout += open.amount;
      } else {
        await withMoneyTransaction(db, (trx) => reverseEntry(trx, open.entryId, { kind: 'withdraw.rejected' }));
        m.wallet += open.amount;
      }
      m.payoutPending -= open.amount;
      return;
    }
    case 'gameResult': {
      // A refresh found the provider balance moved by play: post the difference against game:pnl.
      const amount = o.win ? o.amount : m.game === 0n ? 0n : ((o.amount - 1n) % m.game) + 1n;
      if (amount === 0n) return;
      const signed = o.win ? amount : -amount;
      await post('game.pnl', [
        [a.game, signed],
        [a.pnl, -signed],
      ]);
      m.game += signed;
      m.pnl -= signed;
      return;
    }
  }
}

describe.each(testEngines())('ledger against a model on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('keeps balances equal to the model and the invariants true for any sequence of movements', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 30 }), async (ops) => {
        // A fresh member per run; shared system accounts are compared as deltas.
        const a = await scenarioAccounts(db);
        const systems = [a.bank, a.provider, a.payoutPending, a.payout, a.pnl] as const;
        const start = await Promise.all(systems.map((id) => balanceOf(db, id)));
        const m = new LedgerModel();
        const state = { transfers: [] as Open[], withdrawals: [] as Open[] };
        for (const o of ops) await apply(db, a, m, state, o);

        expect(await balanceOf(db, a.wallet)).toBe(m.wallet);
        expect(await balanceOf(db, a.game)).toBe(m.game);
        const end = await Promise.all(systems.map((id) => balanceOf(db, id)));
        expect(end.map((b, i) => b - (start[i] ?? 0n))).toEqual([m.bank, m.provider, m.payoutPending, m.payout, m.pnl]);
        expect(m.wallet).toBeGreaterThanOrEqual(0n);
        await expectLedgerHealthy(db);
      }),
      // Up to 30 operations x 100 runs: ~3 s per engine on an idle machine; a failure prints its seed and path.
      { numRuns: 100 },
    );
  }, 60_000);
});
