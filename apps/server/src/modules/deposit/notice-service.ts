import type { Kysely } from 'kysely';
import type { TDepositNoticeResponse } from '@jetton/contract/deposit';
import { fromMinor, toMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { ACCOUNT_CODES } from '../../ledger/account-codes.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { creditDeposit } from './credit-deposit.ts';
import { createDepositRepository } from './deposit-repository.ts';
import type { DepositRulesSource } from './deposit-rules.ts';
import { coinMinor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import { createNoticeRepository, type DepositNotice, type NoticeFilter } from './notice-repository.ts';
import { depositAccountId } from './verify-slip.ts';

type Deps = { db: Kysely<DB>; lookups: LookupService; rules: DepositRulesSource; money: MoneyRulesSource; clock: Clock };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function toNoticeView(n: DepositNotice): TDepositNoticeResponse {
  return { id: n.id, amount: fromMinor(n.amount), status: n.status, createdAt: n.created_at.toISOString() };
}

/**
 * Manual deposits (`isManual`, docs/deposits.md, "Manual mode"): the member tells us about a
 * transfer; nothing is credited until an operator confirms it against the
 * bank statement, and a confirm credits once (ledger reference = notice id).
 */
export function createNoticeService(deps: Deps) {
  const notices = createNoticeRepository(deps.db);
  return {
    async notify(memberId: string, amountUnits: number): Promise<DepositNotice> {
      const member = await createDepositRepository(deps.db).memberForDeposit(memberId);
      if (!member) throw new AppError('invalid-token');
      // The operator's queue is not a place to flood: as many open notices as processing slips.
      if ((await notices.countProcessing(memberId)) > (await deps.rules.get()).maxProcessingSlips) throw new AppError('REQUEST_LIMIT');
      const now = deps.clock.now();
      return notices.insert({
        id: uuidV7(now),
        member_id: memberId,
        currency: member.currency,
        amount: toMinor(amountUnits),
        created_at: now,
      });
    },

    listProcessing: (limit = 100) => notices.listProcessing(limit),
    list: (filter: NoticeFilter) => notices.list(filter),

    /**
     * The operator's decision; confirming credits the member from the site's deposit account of that currency.
     * `decided` runs in the same transaction when this call made the decision (the back office's audit row).
     * `strict`: a decision already made is ALREADY_DECIDED (409) instead of answered again.
     */
    async decide(
      id: string,
      decision: 'confirm' | 'reject',
      options: {
        strict?: boolean;
        decided?: (trx: Kysely<DB>, notice: DepositNotice, entryId: bigint | null) => Promise<void>;
        /** Who decides (the back office's operator); the sandbox's stand-in has none. */
        decidedBy?: string;
        /**
         * Runs before a confirm credits, in the same transaction: answers a notice
         * to return instead of crediting (a proposal waiting for a second operator).
         */
        gate?: (trx: Kysely<DB>, notice: DepositNotice, now: Date) => Promise<DepositNotice | null>;
      } = {},
    ): Promise<DepositNotice> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      const deposit = await deps.lookups.get('deposit');
      const money = await deps.money.get();
      return withMoneyTransaction(deps.db, async (trx) => {
        const repo = createNoticeRepository(trx);
        const notice = await repo.lock(id);
        if (!notice) throw new AppError('NO_DATA');
        const wanted = decision === 'confirm' ? 'success' : 'failed';
        if (notice.status !== 'processing' && options.strict) throw new AppError('ALREADY_DECIDED');
        if (notice.status === wanted) return notice;
        if (notice.status !== 'processing') throw new AppError('KEY_INVALID', 409);
        let entryId: bigint | null = null;
        const now = deps.clock.now();
        if (decision === 'confirm') {
          const held = await options.gate?.(trx, notice, now);
          if (held) return held;
          const account = deposit.banks.find((b) => b.currency === notice.currency);
          ({ entryId } = await creditDeposit(trx, {
            at: now,
            memberId: notice.member_id,
            currency: notice.currency,
            sourceCode: ACCOUNT_CODES.bank(account ? depositAccountId(account.bankCode, account.bankAccountNo) : 'manual'),
            kind: 'deposit.manual',
            reference: notice.id,
            amount: notice.amount,
            coinPerMinor: coinMinor(money[notice.currency]),
          }));
        }
        const decided = await repo.decide(notice.id, wanted, now, options.decidedBy ?? null);
        await options.decided?.(trx, decided, entryId);
        return decided;
      });
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
