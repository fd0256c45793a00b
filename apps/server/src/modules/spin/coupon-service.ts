import type { Kysely } from 'kysely';
import { fromMinor } from '@jetton/contract/money';
import type { TCoupon, TCouponListResponse } from '@jetton/contract/spin';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, shardedSystemAccount } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import type { SpinBonusPort } from './bonus-port.ts';
import { createCouponRepository, type CouponRow } from './coupon-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function couponView(row: CouponRow, now: Date): TCoupon {
  const status = row.claimed_at ? 'claimed' : row.expires_at.getTime() <= now.getTime() ? 'expired' : 'claimable';
  return {
    _id: row.id,
    type: row.type,
    prize: { slice: row.slice_code, name: row.prize_name },
    amount: fromMinor(row.amount),
    coins: row.coins,
    status,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    claimedAt: row.claimed_at ? row.claimed_at.toISOString() : null,
  };
}

/** A member's coupons: the paged list and the claim (docs/spin.md, "Coupons"). */
export function createCouponService(deps: { db: Kysely<DB>; clock: Clock; bonuses: SpinBonusPort }) {
  const { db, clock } = deps;
  const coupons = createCouponRepository(db);
  return {
    async coupons(memberId: string, page: number, limit: number): Promise<TCouponListResponse> {
      const now = clock.now();
      const [rows, total] = await Promise.all([coupons.page(memberId, (page - 1) * limit, limit), coupons.count(memberId)]);
      return { total, coupons: rows.map((r) => couponView(r, now)) };
    },

    /**
     * Claims a coupon once (docs/spin.md, "Coupons"): the coupon row is locked,
     * so of parallel claims one wins and the others see it claimed. A credit
     * posts expense:spin -> wallet with the coupon id as reference (a second
     * posting is impossible); coins are added to the member; a bonus starts
     * through the bonus port, in the same transaction.
     */
    async claim(memberId: string, couponId: string): Promise<{ coupon: TCoupon; coin: number }> {
      if (!UUID.test(couponId)) throw new AppError('INVALID_CODE');
      return withMoneyTransaction(db, async (trx) => {
        const repo = createCouponRepository(trx);
        const row = await repo.lock(memberId, couponId);
        if (!row) throw new AppError('INVALID_CODE');
        if (row.claimed_at) throw new AppError('NO_CLAIMABLE_COUPON');
        const now = clock.now();
        if (row.expires_at.getTime() <= now.getTime()) throw new AppError('COUPON_EXPIRED');
        if (row.type === 'credit') {
          if (await deps.bonuses.hasUnmetTurnover(trx, memberId)) throw new AppError('BONUS_REMAINING');
          const expense = await ensureAccount(trx, shardedSystemAccount(ACCOUNT_CODES.expense('spin'), row.currency, memberId));
          const wallet = await ensureAccount(trx, memberWallet(memberId, row.currency));
          await postEntry(trx, {
            kind: 'spin.credit',
            reference: row.id,
            memo: `spin prize ${row.slice_code}`,
            postings: [
              { account: expense, amount: -row.amount },
              { account: wallet, amount: row.amount },
            ],
          });
        } else if (row.type === 'coin') {
          await repo.addCoins(memberId, row.coins);
        } else if (row.type === 'bonus' && deps.bonuses.available) {
          await deps.bonuses.startCouponBonus(trx, {
            memberId,
            couponId: row.id,
            credit: row.amount,
            turnoverMultiplier: row.bonus_turnover ?? 1,
            percentFail: row.bonus_percent_fail ?? 0,
            now,
          });
        } else {
          throw new AppError('INVALID_COUPON_TYPE');
        }
        const claimed = await repo.markClaimed(row.id, now);
        const member = await repo.coinsOf(memberId);
        return { coupon: couponView(claimed, now), coin: member.coin };
      });
    },
  };
}
