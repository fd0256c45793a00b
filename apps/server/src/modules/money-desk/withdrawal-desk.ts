import type { TAdminWithdrawal, TWithdrawalDecision, TWithdrawalList, TWithdrawalQuery } from '@jetton/contract/admin/money';
import type { Transaction } from 'kysely';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { returnHold } from '../withdraw/withdraw-ledger.ts';
import { createWithdrawRepository } from '../withdraw/withdraw-repository.ts';
import { UUID, type DeskDeps, type DeskOperator } from './desk-deps.ts';
import { fourEyesLimits, type MoneyDeskRulesSource } from './money-desk-rules.ts';
import type { PayoutBlacklist } from '../withdraw/payout-blacklist.ts';
import { createWithdrawalDeskRepository, type DeskWithdrawal, type WithdrawalApproval } from './withdrawal-desk-repository.ts';

type Proposal = (WithdrawalApproval & { login: string | null }) | undefined;

export function toAdminWithdrawal(w: DeskWithdrawal, proposal: Proposal, fourEyesMinor: bigint): TAdminWithdrawal {
  return {
    id: w.id,
    memberId: w.member_id,
    memberPhone: w.member_phone,
    memberName: w.member_name,
    currency: w.currency,
    amount: fromMinor(w.amount),
    bankCode: w.bank_code,
    bankAccountNo: w.bank_account_no,
    bankAccountName: w.bank_account_name,
    state: w.status,
    reviewReason: w.review_reason,
    held: w.status === 'paying' && w.unknown_since !== null,
    finding: w.status === 'paying' && w.held_at !== null,
    fourEyes: w.amount > fourEyesMinor,
    proposal: proposal
      ? {
          id: proposal.id,
          proposedBy: proposal.proposed_by,
          proposedByLogin: proposal.login,
          proposedAt: proposal.proposed_at.toISOString(),
        }
      : null,
    decidedBy: w.decided_by,
    reason: w.decision_reason,
    note: w.note,
    attempts: w.attempts,
    createdAt: w.created_at.toISOString(),
    updatedAt: w.updated_at.toISOString(),
  };
}

/**
 * The withdrawal queue (docs/money-desk.md, "Withdrawals"). An approval up to the
 * four-eyes amount approves at once; above it, it is a proposal that a second
 * operator confirms: the proposer never can (owners included), and a second
 * proposal while one is pending is refused. A rejection returns the money
 * through the ledger. Each decision is audited in its own transaction, with
 * the ledger entry it concerns.
 */
export function createWithdrawalDesk(deps: DeskDeps & { rules: MoneyDeskRulesSource; blacklist: PayoutBlacklist }) {
  const { db, clock } = deps;
  const reads = createWithdrawalDeskRepository(db);

  async function views(rows: DeskWithdrawal[]): Promise<TAdminWithdrawal[]> {
    const money = await deps.rules.get();
    const proposals = await reads.pendingProposals(rows.filter((r) => r.status === 'review').map((r) => r.id));
    return rows.map((r) => toAdminWithdrawal(r, proposals.get(r.id), fourEyesLimits(money, r.currency).withdrawalMinor));
  }

  async function view(id: string): Promise<TAdminWithdrawal> {
    const row = await reads.find(id);
    if (!row) throw new AppError('NO_DATA');
    const [one] = await views([row]);
    if (!one) throw new AppError('NO_DATA');
    return one;
  }

  /** Runs a decision with the withdrawal locked; it must still be in review. */
  async function decideLocked<T>(id: string, work: (trx: Transaction<DB>, w: DeskWithdrawal) => Promise<T>): Promise<T> {
    if (!UUID.test(id)) throw new AppError('NO_DATA');
    return withMoneyTransaction(db, async (trx) => {
      const locked = await createWithdrawRepository(trx).lock(id);
      if (!locked) throw new AppError('NO_DATA');
      if (locked.status !== 'review') throw new AppError('ALREADY_DECIDED');
      return work(trx, { ...locked, member_phone: null, member_name: null });
    });
  }

  /**
   * A blacklisted destination is never approved (docs/money-desk.md, "Blacklisted
   * accounts"): only a rejection is left. Asked before the decision's transaction
   * (the embedded engine has one connection); one listed meanwhile is caught by the payout job.
   */
  async function refuseBlacklisted(id: string): Promise<void> {
    const w = UUID.test(id) ? await reads.find(id) : undefined;
    if (w && (await deps.blacklist.isBlacklisted(w.bank_code, w.bank_account_no))) throw new AppError('INVALID_BANK', 409);
  }

  return {
    async list(query: TWithdrawalQuery): Promise<TWithdrawalList> {
      const { rows, total } = await reads.list({
        status: query.status,
        minAmount: query.minAmount === undefined ? undefined : toMinor(query.minAmount),
        maxAmount: query.maxAmount === undefined ? undefined : toMinor(query.maxAmount),
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        limit: query.limit,
        offset: query.offset,
      });
      return { withdrawals: await views(rows), total };
    },

    detail: view,

    /** The maker's step: approves at once up to the four-eyes amount, else proposes. */
    async approve(operator: DeskOperator, id: string): Promise<TWithdrawalDecision> {
      await refuseBlacklisted(id);
      const money = await deps.rules.get();
      const outcome = await decideLocked(id, async (trx, w) => {
        const repo = createWithdrawalDeskRepository(trx);
        const now = clock.now();
        if (w.amount > fourEyesLimits(money, w.currency).withdrawalMinor) {
          if (await repo.pendingProposal(w.id)) throw new AppError('ALREADY_PROPOSED');
          const proposal = await repo.propose({ id: uuidV7(now), withdrawalId: w.id, operatorId: operator.id, now });
          await deps.audit(trx, {
            operatorId: operator.id,
            ip: operator.ip ?? null,
            action: 'withdrawal.propose',
            memberId: w.member_id,
            before: { status: w.status },
            after: { status: w.status, proposalId: proposal.id, amount: fromMinor(w.amount) },
            ledgerEntryId: w.hold_entry_id,
            at: now,
          });
          return 'proposed' as const;
        }
        await repo.decide(w.id, 'approved', operator.id, now, null);
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'withdrawal.approve',
          memberId: w.member_id,
          before: { status: w.status },
          after: { status: 'approved', amount: fromMinor(w.amount) },
          ledgerEntryId: w.hold_entry_id,
          at: now,
        });
        return 'approved' as const;
      });
      return { outcome, withdrawal: await view(id) };
    },

    /** The checker's step: confirms another operator's proposal, which approves the withdrawal. */
    async confirm(operator: DeskOperator, id: string): Promise<TWithdrawalDecision> {
      await refuseBlacklisted(id);
      await decideLocked(id, async (trx, w) => {
        const repo = createWithdrawalDeskRepository(trx);
        const proposal = await repo.pendingProposal(w.id);
        if (!proposal) throw new AppError('NOT_PROPOSED');
        if (proposal.proposed_by === operator.id) throw new AppError('FOUR_EYES_SAME_OPERATOR');
        const now = clock.now();
        await repo.closeProposal(proposal.id, 'confirmed', operator.id, now);
        await repo.decide(w.id, 'approved', operator.id, now, null);
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'withdrawal.confirm',
          memberId: w.member_id,
          before: { status: w.status, proposalId: proposal.id, proposedBy: proposal.proposed_by },
          after: { status: 'approved', amount: fromMinor(w.amount) },
          ledgerEntryId: w.hold_entry_id,
          at: now,
        });
      });
      return { outcome: 'confirmed', withdrawal: await view(id) };
    },

    /** Rejects with a reason: the hold is reversed (the money is back in the wallet) and any proposal is cancelled. */
    async reject(operator: DeskOperator, id: string, reason: string): Promise<TWithdrawalDecision> {
      await decideLocked(id, async (trx, w) => {
        const repo = createWithdrawalDeskRepository(trx);
        const now = clock.now();
        const back = await returnHold(trx, w, 'withdrawal rejected');
        const proposal = await repo.pendingProposal(w.id);
        if (proposal) await repo.closeProposal(proposal.id, 'cancelled', operator.id, now);
        await repo.decide(w.id, 'rejected', operator.id, now, reason);
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'withdrawal.reject',
          memberId: w.member_id,
          before: { status: w.status },
          after: { status: 'rejected', reason, amount: fromMinor(w.amount) },
          ledgerEntryId: back.id,
          at: now,
        });
      });
      return { outcome: 'rejected', withdrawal: await view(id) };
    },
  };
}
export type WithdrawalDesk = ReturnType<typeof createWithdrawalDesk>;
