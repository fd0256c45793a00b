import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DAY_MS } from '@jetton/contract/site-time';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { TBanner, TInviteList, TRefundCheck, TRefundList } from '@jetton/contract/rewards';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import { activeBonusOf, endBonus, grantBonus, lockMember, turnoverMet } from './bonus-lifecycle.ts';
import { createInviteRefundRepository } from './invite-refund-repository.ts';
import type { MoneyRulesSource } from '../lookup/money-rules.ts';
import type { RewardsRulesSource } from './rewards-rules.ts';

type Deps = { db: Kysely<DB>; clock: Clock; rules: RewardsRulesSource; money: MoneyRulesSource };

const ALL_CATEGORIES = { slot: 100, sport: 100, lotto: 100 };

/** The friend-invite bonus and the refund of losses (docs/rewards.md, "Invite" and "Refund of losses"). */
export function createInviteRefundService(deps: Deps) {
  const { db, clock } = deps;
  const repo = createInviteRefundRepository(db);

  return {
    async invites(memberId: string, page: number, limit: number): Promise<TInviteList> {
      const { total, rows } = await repo.invitePage(memberId, (page - 1) * limit, limit);
      return {
        total,
        invites: rows.map((r) => ({ from: { name: r.name }, amount: fromMinor(r.amount), createdAt: r.created_at.toISOString() })),
      };
    },

    /** The accrued, unpaid invite bonus (the wallet summary's invite.amount). */
    inviteAmount: (memberId: string): Promise<bigint> => repo.unpaidInvites(memberId),

    /** GET /api/invite/bonus: pays every accrued row into the wallet at once (expense:invite -> wallet). */
    async receiveInvite(memberId: string): Promise<{ message: 'INVITE_BONUS_SUCCESS' }> {
      // Read before the transaction: the embedded engine's one connection is the transaction's.
      const money = await deps.money.get();
      await withMoneyTransaction(db, async (trx) => {
        const member = await lockMember(trx, memberId);
        const r = createInviteRefundRepository(trx);
        const rows = await r.lockUnpaidInvites(memberId);
        const amount = rows.reduce((sum, row) => sum + row.amount, 0n);
        // Below the currency's minimum it stays accrued, to be received with the next days'.
        const least = toMinor(money[member.currency].inviteMin);
        if (amount <= 0n || amount < least) throw new AppError('NO_INVITE_BONUS');
        const expense = await ensureAccount(trx, systemAccount(ACCOUNT_CODES.expense('invite'), member.currency));
        const wallet = await ensureAccount(trx, memberWallet(memberId, member.currency));
        const entry = await postEntry(trx, {
          kind: 'invite.receive',
          reference: randomUUID(),
          memo: `invite bonus, ${rows.length} day(s)`,
          postings: [
            { account: expense, amount: -amount },
            { account: wallet, amount },
          ],
        });
        await r.markInvitesPaid(memberId, rows, entry.id);
      });
      return { message: 'INVITE_BONUS_SUCCESS' };
    },

    async refunds(memberId: string, page: number, limit: number): Promise<TRefundList> {
      const { total, rows } = await repo.refundPage(memberId, (page - 1) * limit, limit);
      return { total, refunds: rows.map((r) => ({ refundAmount: fromMinor(r.amount), createdAt: r.created_at.toISOString() })) };
    },

    async checkRefund(memberId: string): Promise<TRefundCheck> {
      const rules = await deps.rules.get();
      const [amount, active] = await Promise.all([repo.unreceivedRefunds(memberId), activeBonusOf(db, memberId)]);
      return {
        result: amount > 0n && !active,
        bonus: active !== undefined,
        info: rules.refundConditions,
        refundAmount: fromMinor(amount),
        refundSuccess: active?.origin === 'refund' ? active.percent_success : rules.refundSuccess,
        refundFail: active?.origin === 'refund' ? active.percent_fail : rules.refundFail,
        refundActive: active?.origin === 'refund',
      };
    },

    /**
     * GET /api/refund/receive: everything accrued goes to the wallet as a bonus
     * of origin refund, turnover target = refund x refundTurnover, with today's
     * refundSuccess / refundFail copied onto it.
     */
    async receiveRefund(memberId: string): Promise<{ message: 'REFUND_SUCCESS' }> {
      const rules = await deps.rules.get();
      const money = await deps.money.get();
      const now = clock.now();
      await withMoneyTransaction(db, async (trx) => {
        const member = await lockMember(trx, memberId);
        if (await activeBonusOf(trx, memberId)) throw new AppError('REFUND_CONDITION');
        const r = createInviteRefundRepository(trx);
        const rows = await r.lockUnreceivedRefunds(memberId);
        const amount = rows.reduce((sum, row) => sum + row.amount, 0n);
        const least = toMinor(money[member.currency].refundMin);
        if (amount <= 0n || amount < least) throw new AppError('REFUND_MINIMUM');
        const bonus = await grantBonus(trx, {
          memberId,
          currency: member.currency,
          origin: 'refund',
          definitionId: null,
          code: 'REFUND',
          base: amount,
          credit: amount,
          target: amount * BigInt(rules.refundTurnover),
          percentFail: rules.refundFail,
          percentSuccess: rules.refundSuccess,
          weights: ALL_CATEGORIES,
          expiresAt: rules.refundExpiryDays === null ? null : new Date(now.getTime() + rules.refundExpiryDays * DAY_MS),
          sourceRef: null,
          now,
        });
        await r.markRefundsReceived(
          memberId,
          rows.map((row) => row.day),
          bonus.id,
        );
      });
      return { message: 'REFUND_SUCCESS' };
    },

    /** GET /api/refund/addWallet: ends the refund bonus; the member keeps refundSuccess % if its turnover is met, else refundFail %. */
    async refundToWallet(memberId: string): Promise<{ message: 'REFUND_SUCCESS' }> {
      const now = clock.now();
      await withMoneyTransaction(db, async (trx) => {
        await lockMember(trx, memberId);
        const active = await activeBonusOf(trx, memberId);
        if (active?.origin !== 'refund') throw new AppError('NO_REFUND');
        const met = turnoverMet(active);
        await endBonus(trx, active, {
          status: met ? 'completed' : 'cancelled',
          reason: 'refund-to-wallet',
          keepPercent: met ? active.percent_success : active.percent_fail,
          now,
        });
      });
      return { message: 'REFUND_SUCCESS' };
    },

    banners: (placement: 'invite' | 'refund'): Promise<TBanner[]> => repo.banners(placement),
  };
}

export type InviteRefundService = ReturnType<typeof createInviteRefundService>;
