import type { Kysely } from 'kysely';
import type { Currency } from '@jetton/contract/constants';
import { DAY_MS } from '@jetton/contract/site-time';
import type { TCoupon, TSpinFairness, TSpinHistoryResponse, TSpinResponse, TSpinSetupResponse } from '@jetton/contract/spin';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import type { StoredSlice } from '../../db/tables/spin.ts';
import type { MoneyRules } from '@jetton/contract/money-rules';
import type { MoneyRulesSource } from '../lookup/money-rules.ts';
import type { SpinBonusPort } from './bonus-port.ts';
import { prizeIn } from './prize-currency.ts';
import { fairSlice, seedHash, type SeedSource } from './fair-draw.ts';
import { createCouponRepository } from './coupon-repository.ts';
import { couponView, createCouponService } from './coupon-service.ts';
import { createSpinRepository } from './spin-repository.ts';
import type { WheelService } from './wheel-service.ts';

/** A coupon can be claimed for this long after its spin (docs/spin.md, "Coupons"). */
export const COUPON_VALID_MS = 7 * DAY_MS;

type Deps = { db: Kysely<DB>; clock: Clock; wheels: WheelService; seeds: SeedSource; bonuses: SpinBonusPort; money: MoneyRulesSource };

/**
 * The member side of the wheel (docs/spin.md): setup, spin, coupons, claim,
 * and the provably fair seed pair and history.
 */
export function createSpinService(deps: Deps) {
  const { db, clock, wheels } = deps;
  const spins = createSpinRepository(db);
  /**
   * Each slice's label and amount in the member's currency (docs/spin.md, "Prizes per currency"). The
   * rules are read before any transaction: the embedded engine has one connection, which a transaction holds.
   */
  const inCurrency = (slices: StoredSlice[], currency: Currency, money: MoneyRules) =>
    slices.map((s) => ({ slice: s, ...prizeIn(s, currency, money[currency].prizes) }));

  /** The member's current (unrevealed) seed pair, made on first use: the commitment exists before any spin. */
  async function currentSeed(executor: Kysely<DB>, memberId: string, lock: boolean) {
    const repo = createSpinRepository(executor);
    const find = () => repo.currentSeed(memberId, lock);
    const found = await find();
    if (found) return found;
    const serverSeed = deps.seeds.serverSeed();
    await repo.insertSeedIfAbsent({
      id: uuidV7(clock.now()),
      member_id: memberId,
      server_seed: serverSeed,
      server_seed_hash: seedHash(serverSeed),
      client_seed: deps.seeds.clientSeed(),
      created_at: clock.now(),
      revealed_at: null,
    });
    const made = await find();
    if (!made) throw new Error('spin seed vanished');
    return made;
  }

  const fairnessOf = (seed: { server_seed_hash: string; client_seed: string; next_nonce: number }): TSpinFairness => ({
    serverSeedHash: seed.server_seed_hash,
    clientSeed: seed.client_seed,
    nonce: seed.next_nonce,
  });

  return {
    ...createCouponService(deps),
    async active(): Promise<boolean> {
      return (await wheels.current())?.active ?? false;
    },

    async setup(memberId: string): Promise<TSpinSetupResponse> {
      const wheel = await wheels.current();
      const member = await spins.coinsOf(memberId);
      if (!member) throw new AppError('invalid-token');
      const seed = await currentSeed(db, memberId, false);
      const priced = inCurrency(wheel?.slices ?? [], member.currency, await deps.money.get());
      return {
        active: wheel?.active ?? false,
        name: wheel?.name ?? '',
        version: wheel?.version ?? 0,
        slices: priced.map(({ slice: { code, bgColor, textColor, htmlDescription, weight }, label }) => ({
          code,
          label,
          bgColor,
          textColor,
          htmlDescription,
          weight,
        })),
        coin: member.coin,
        fairness: fairnessOf(seed),
      };
    },

    /**
     * One spin: takes a coin, draws the slice from the member's seed pair and
     * the next nonce, records the draw and its coupon, all in one transaction.
     * The coin is taken by a conditional UPDATE (coin > 0) that locks the
     * member's row, so parallel spins queue and never spend a coin twice.
     */
    async spin(memberId: string): Promise<TSpinResponse> {
      const money = await deps.money.get();
      return withMoneyTransaction(db, async (trx) => {
        const wheel = await wheels.current(trx);
        if (!wheel?.active) throw new AppError('NO_DATA');
        const repo = createSpinRepository(trx);
        const member = await repo.takeCoin(memberId);
        if (!member) throw new AppError('NO_COIN');
        const seed = await currentSeed(trx, memberId, true);
        const nonce = seed.next_nonce;
        await repo.setNextNonce(seed.id, nonce + 1);
        const index = fairSlice(
          seed.server_seed,
          seed.client_seed,
          nonce,
          wheel.slices.map((s) => s.weight),
        );
        const slice = wheel.slices[index];
        if (!slice) throw new Error('draw outside the wheel');
        const [prize] = inCurrency([slice], member.currency, money);
        if (!prize) throw new Error('prize outside the wheel');
        const now = clock.now();
        const drawId = uuidV7(now);
        await repo.insertDraw({
          id: drawId,
          member_id: memberId,
          seed_id: seed.id,
          nonce,
          wheel_version: wheel.version,
          slice_index: index,
          slice_code: slice.code,
          created_at: now,
        });
        let coupon: TCoupon | null = null;
        if (slice.prize.type !== 'nothing') {
          const row = await createCouponRepository(trx).insert({
            id: uuidV7(now),
            member_id: memberId,
            draw_id: drawId,
            type: slice.prize.type,
            slice_code: slice.code,
            prize_name: prize.label,
            amount: prize.amount ?? 0n,
            coins: slice.prize.type === 'coin' ? slice.prize.coins : 0,
            bonus_turnover: slice.prize.type === 'bonus' ? slice.prize.turnover : null,
            bonus_percent_fail: slice.prize.type === 'bonus' ? slice.prize.percentFail : null,
            currency: member.currency,
            created_at: now,
            expires_at: new Date(now.getTime() + COUPON_VALID_MS),
            claimed_at: null,
          });
          coupon = couponView(row, now);
        }
        return {
          slice: slice.code,
          index,
          coupon,
          coin: member.coin,
          draw: { wheelVersion: wheel.version, serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce },
        };
      });
    },

    async fairness(memberId: string): Promise<TSpinFairness> {
      return fairnessOf(await currentSeed(db, memberId, false));
    },

    /**
     * Reveals the member's current server seed and commits to a new one; the
     * nonce starts again at 0. A new client seed may be given; otherwise the old one is kept.
     */
    async rotateSeed(memberId: string, clientSeed: string | undefined) {
      return withMoneyTransaction(db, async (trx) => {
        const old = await currentSeed(trx, memberId, true);
        const now = clock.now();
        const repo = createSpinRepository(trx);
        await repo.reveal(old.id, now);
        const serverSeed = deps.seeds.serverSeed();
        const next = await repo.insertSeed({
          id: uuidV7(now),
          member_id: memberId,
          server_seed: serverSeed,
          server_seed_hash: seedHash(serverSeed),
          client_seed: clientSeed ?? old.client_seed,
          created_at: now,
          revealed_at: null,
        });
        return {
          revealed: {
            serverSeed: old.server_seed,
            serverSeedHash: old.server_seed_hash,
            clientSeed: old.client_seed,
            spins: old.next_nonce,
          },
          next: fairnessOf(next),
        };
      });
    },

    /** The member's spins, newest first; a server seed shows once it was revealed. */
    async history(memberId: string, page: number, limit: number): Promise<TSpinHistoryResponse> {
      const [rows, total] = await Promise.all([spins.drawPage(memberId, (page - 1) * limit, limit), spins.drawCount(memberId)]);
      return {
        total,
        spins: rows.map((r) => ({
          createdAt: r.created_at.toISOString(),
          slice: r.slice_code,
          index: r.slice_index,
          wheelVersion: r.wheel_version,
          serverSeedHash: r.server_seed_hash,
          serverSeed: r.revealed_at ? r.server_seed : null,
          clientSeed: r.client_seed,
          nonce: r.nonce,
        })),
      };
    },
  };
}

export type SpinService = ReturnType<typeof createSpinService>;
