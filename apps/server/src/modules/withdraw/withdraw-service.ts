import type { Kysely } from 'kysely';
import { toMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { memberWallet } from '../../ledger/account-codes.ts';
import { accountBalance } from '../../ledger/accounts.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import { rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import type { BonusGate } from './bonus-gate.ts';
import type { PayoutBlacklist } from './payout-blacklist.ts';
import { holdWithdrawal, returnHold } from './withdraw-ledger.ts';
import { createWithdrawRepository, type Withdrawal } from './withdraw-repository.ts';
import type { WithdrawalReviewReason } from '../../db/tables/withdraw.ts';
import type { WithdrawRules, WithdrawRulesSource } from './withdraw-rules.ts';

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  /** The withdraw limits and the auto-approval limit of the member's currency. */
  money: MoneyRulesSource;
  rules: WithdrawRulesSource;
  bonuses: BonusGate;
  blacklist: PayoutBlacklist;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Why a withdrawal must wait for an operator, or null when it is approved at once:
 * its account changed in the profile within `bankChangeReviewMs` (a stolen session
 * redirecting the money; docs/security.md), or it is above the auto-approval limit.
 */
export function reviewReasonFor(
  amount: bigint,
  bankChangedAt: Date | null,
  now: Date,
  rules: WithdrawRules & { autoApproveMaxMinor: bigint },
): WithdrawalReviewReason | null {
  if (bankChangedAt && now.getTime() - bankChangedAt.getTime() < rules.bankChangeReviewMs) return 'BANK_CHANGED';
  return amount > rules.autoApproveMaxMinor ? 'ABOVE_AUTO_LIMIT' : null;
}

/**
 * Withdrawals (docs/withdrawals.md): the request holds the money and records the
 * withdrawal in one transaction; small ones are approved at once, larger ones
 * wait for an operator. Paying is the payout job's work (modules/withdraw/payout-job.ts).
 */
export function createWithdrawService(deps: Deps) {
  const { db, clock } = deps;

  return {
    async request(member: Pick<AuthMember, 'memberId'>, amount: bigint): Promise<Withdrawal> {
      const destination = await createWithdrawRepository(db).memberDestination(member.memberId);
      if (!destination) throw new AppError('invalid-token');
      const limits = await rulesFor(deps.money, destination.currency);
      // Above the maximum and above the balance: the balance is the real reason, so it is the one told.
      if (amount > toMinor(limits.withdrawMax)) {
        const balance = await accountBalance(db, memberWallet(member.memberId, destination.currency));
        throw new AppError(amount > balance ? 'MONEY_NOT_ENOUGH' : 'KEY_INVALID');
      }
      // Out of range is a malformed request here: the web checks the same limits before sending.
      if (amount < toMinor(limits.withdrawMin)) throw new AppError('KEY_INVALID');
      if (await deps.bonuses.activeBonusBlocksWithdrawal(member.memberId, amount)) throw new AppError('BONUS_REMAINING');
      if (!destination.bank_code || !destination.bank_account_no) throw new AppError('NO_BANK');
      const rules = await deps.rules.get();
      const now = clock.now();
      const id = uuidV7(now);
      // A blacklisted destination is never paid: it waits for an operator, who can only reject it.
      const blacklisted = await deps.blacklist.isBlacklisted(destination.bank_code, destination.bank_account_no);
      const reviewReason = blacklisted
        ? 'BLACKLISTED'
        : reviewReasonFor(amount, destination.bank_changed_at, now, { ...rules, autoApproveMaxMinor: toMinor(limits.autoApproveMax) });
      const automatic = reviewReason === null;
      // The hold and the row commit together: a short wallet (MONEY_NOT_ENOUGH) leaves neither.
      return withMoneyTransaction(db, async (trx) => {
        const hold = await holdWithdrawal(trx, { id, memberId: member.memberId, currency: destination.currency, amount });
        await deps.bonuses.finishOnWithdrawal(trx, member.memberId);
        return createWithdrawRepository(trx).insert({
          id,
          member_id: member.memberId,
          currency: destination.currency,
          amount,
          bank_code: destination.bank_code,
          bank_account_no: destination.bank_account_no,
          bank_account_name: destination.bank_account_name,
          status: automatic ? 'approved' : 'review',
          review_reason: reviewReason,
          hold_entry_id: hold.id,
          next_attempt_at: automatic ? now : null,
          created_at: now,
          updated_at: now,
        });
      });
    },

    listReview: (limit = 100) => createWithdrawRepository(db).listReview(limit),

    /**
     * The operator's decision on a withdrawal above the auto-approval limit.
     * Approve queues it for the payout job; reject returns the money. The same
     * decision twice answers the row; the opposite one on a decided row is 409.
     */
    async decide(id: string, decision: 'approve' | 'reject'): Promise<Withdrawal> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      return withMoneyTransaction(db, async (trx) => {
        const repo = createWithdrawRepository(trx);
        const w = await repo.lock(id);
        if (!w) throw new AppError('NO_DATA');
        const now = clock.now();
        if (w.status === 'review') {
          if (decision === 'reject') await returnHold(trx, w, 'withdrawal rejected');
          const to = decision === 'approve' ? 'approved' : 'rejected';
          return (await repo.transition(w.id, ['review'], to, now, { nextAttemptAt: decision === 'approve' ? now : null })) ?? w;
        }
        const alreadyThere = decision === 'reject' ? w.status === 'rejected' : w.status !== 'rejected';
        if (alreadyThere) return w;
        throw new AppError('KEY_INVALID', 409);
      });
    },
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;
