import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { testEngines } from '../support/engines.ts';
import { activateBonus, defineBonus, get, providerRound } from '../support/rewards-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { activated, expectHealthy, fund, walletBalance, walletMember } from '../support/wallet-support.ts';
import { withdraw } from '../support/withdraw-support.ts';

type Op =
  | { op: 'deposit'; amount: bigint }
  | { op: 'receive' }
  | { op: 'bet'; amount: bigint }
  | { op: 'cancel' }
  | { op: 'withdraw'; amount: bigint | 'all' };

const minor = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((n) => BigInt(n) * 100n);
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  minor(10, 2_000).map((amount) => ({ op: 'deposit' as const, amount })),
  fc.constant({ op: 'receive' as const }),
  minor(1, 3_000).map((amount) => ({ op: 'bet' as const, amount })),
  fc.constant({ op: 'cancel' as const }),
  fc.oneof(fc.constant<'all'>('all'), minor(100, 3_000)).map((amount) => ({ op: 'withdraw' as const, amount })),
);

/** The terms of the test's bonus, PROP50: 50 % up to 300.00, from 50.00, turnover 2x, 20 % kept on an early cancel. */
const TERMS = { percent: 50, maxBonus: 30_000n, minDeposit: 5_000n, turnover: 2, percentFail: 20 };

type Model = { wallet: bigint; bonus: { credit: bigint; target: bigint; done: bigint } | null };

/**
 * Random sequences of deposits, bonus receipts, bets, cancels and withdrawals,
 * against a model of docs/rewards.md: after every step the wallet is exactly
 * what the model allows, and the ledger's invariants hold at the end.
 */
describe.each(testEngines())('rewards against a model (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {});
    await defineBonus(t, { code: 'PROP50', maxReceived: 1_000, ...TERMS });
  });
  afterAll(() => t.close());

  it('never leaves the member with more than the model allows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 3, maxLength: 8 }), async (ops) => {
        const m = await walletMember(t, 0n);
        const account = await activated(t, m, 'pg');
        const model: Model = { wallet: 0n, bonus: null };
        for (const o of ops) {
          t.clock.advance(1_000);
          await step(o);
          expect(
            await walletBalance(t, m.id),
            JSON.stringify({ o, model }, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
          ).toBe(model.wallet);
        }
        await expectHealthy(t);

        async function step(o: Op): Promise<void> {
          switch (o.op) {
            case 'deposit':
              await fund(t, m.id, o.amount);
              model.wallet += o.amount;
              return;
            case 'receive': {
              const res = await activateBonus(t, m.token, 'PROP50');
              if (model.bonus) return void expect(res.statusCode).toBe(409);
              if (model.wallet < TERMS.minDeposit || model.wallet === 0n) return void expect(res.statusCode).toBe(422);
              expect(res.statusCode, res.body).toBe(200);
              const half = (model.wallet * BigInt(TERMS.percent)) / 100n;
              const credit = half < TERMS.maxBonus ? half : TERMS.maxBonus;
              model.bonus = { credit, target: (model.wallet + credit) * BigInt(TERMS.turnover), done: 0n };
              model.wallet += credit;
              return;
            }
            case 'bet':
              // A settled round at the provider; the site learns of it from the provider's history.
              await providerRound(t, 'pg', account.username ?? '', o.amount, 0n);
              await t.app.services.rewardsJob.pullRounds();
              if (model.bonus) model.bonus.done += o.amount;
              return;
            case 'cancel': {
              const res = await get(t, m.token, ROUTES.bonus.clear);
              if (!model.bonus) return void expect(res.statusCode).toBe(404);
              expect(res.statusCode, res.body).toBe(200);
              const { credit, target, done } = model.bonus;
              if (done < target && model.wallet >= 500n) {
                const owed = credit - (credit * BigInt(TERMS.percentFail)) / 100n;
                model.wallet -= owed < model.wallet ? owed : model.wallet;
              }
              model.bonus = null;
              return;
            }
            case 'withdraw': {
              const amount = o.amount === 'all' ? model.wallet : o.amount;
              const res = await withdraw(t, m.token, { amount: Number(amount) / 100 });
              const inLimits = amount >= 10_000n && amount <= 5_000_000n;
              if (!inLimits) return void expect(res.statusCode).toBe(400);
              if (model.bonus && (model.bonus.done < model.bonus.target || amount < model.wallet)) {
                return void expect(res.json<{ message: string }>().message).toBe('BONUS_REMAINING');
              }
              if (amount > model.wallet) return void expect(res.json<{ message: string }>().message).toBe('MONEY_NOT_ENOUGH');
              expect(res.statusCode, res.body).toBe(200);
              model.wallet -= amount;
              model.bonus = null;
              return;
            }
          }
        }
      }),
      { numRuns: 5 },
    );
  }, 240_000);
});
