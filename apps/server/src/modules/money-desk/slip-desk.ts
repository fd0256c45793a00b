import type { TAdminSlip, TSlipCreditRequest, TSlipFailRequest, TSlipQuery } from '@jetton/contract/admin/money';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { SLIP_NOTE_CODES, type SlipNoteCode } from '@jetton/contract/errors';
import { fromMinor } from '@jetton/contract/money';
import { BankUnavailableError, type BankTransaction, type BankVerification } from '../../adapters/bank/bank-verification.ts';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import { AppError } from '../../http/app-error.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { creditSlip } from '../deposit/credit-slip.ts';
import { createDepositRepository } from '../deposit/deposit-repository.ts';
import type { DepositRulesSource } from '../deposit/deposit-rules.ts';
import { coinMinor, rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import { sniffImage } from '../deposit/image-sniff.ts';
import { depositAccountId, sameAccount } from '../deposit/verify-slip.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { UUID, type DeskDeps, type DeskOperator } from './desk-deps.ts';
import { createSlipDeskRepository, isUndecided, type DeskSlip } from './slip-desk-repository.ts';

const noteOf = (note: string | null): SlipNoteCode | null => SLIP_NOTE_CODES.find((n) => n === note) ?? null;

export function toAdminSlip(s: DeskSlip): TAdminSlip {
  return {
    id: s.id,
    memberId: s.member_id,
    memberPhone: s.member_phone,
    status: s.status,
    note: noteOf(s.note),
    amount: s.amount === null ? null : fromMinor(s.amount),
    transRef: s.trans_ref,
    sendingBank: s.sending_bank,
    attempts: s.attempts,
    imageUrl: apiPath(ADMIN_ROUTES.slips.image.path, { id: s.id }),
    undecided: isUndecided(s),
    createdAt: s.created_at.toISOString(),
    updatedAt: s.updated_at.toISOString(),
  };
}

/**
 * Slip review (docs/money-desk.md, "Slips"). An operator may credit a slip the
 * verifier could not decide: the amount is the bank's record of the transfer,
 * asked by the slip's reference (or the one the operator reads off the image),
 * never typed; the credit is the verifier's own (`deposit.slip` + reference),
 * so one transfer credits once whoever credits it. Or fail it with a note code.
 */
export function createSlipDesk(
  deps: DeskDeps & {
    bank: BankVerification;
    storage: ObjectStorage;
    lookups: LookupService;
    rules: DepositRulesSource;
    money: MoneyRulesSource;
  },
) {
  const { db, clock } = deps;
  const reads = createSlipDeskRepository(db);

  async function view(id: string): Promise<TAdminSlip> {
    if (!UUID.test(id)) throw new AppError('NO_DATA');
    const slip = await reads.find(id);
    if (!slip) throw new AppError('NO_DATA');
    return toAdminSlip(slip);
  }

  /** The bank's record of the transfer; asked outside any transaction. */
  async function bankRecord(query: { transRef: string; sendingBank: string }): Promise<BankTransaction> {
    try {
      const tx = await deps.bank.getTransaction(query);
      if (!tx || tx.transRef !== query.transRef) throw new AppError('NO_DATA');
      return tx;
    } catch (error) {
      if (error instanceof BankUnavailableError) throw new AppError('SERVICE_UNAVAILABLE');
      throw error;
    }
  }

  return {
    async list(query: TSlipQuery) {
      const { rows, total } = await reads.list({
        ...query,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      });
      return { slips: rows.map(toAdminSlip), total };
    },

    detail: view,

    /** The slip's image, sniffed again: it can only ever leave as an image. */
    async image(id: string): Promise<{ bytes: Buffer; type: string } | undefined> {
      if (!UUID.test(id)) return undefined;
      const slip = await reads.find(id);
      const bytes = slip ? await deps.storage.get(slip.storage_key) : undefined;
      const image = bytes ? sniffImage(bytes) : undefined;
      return bytes && image ? { bytes, type: image.type } : undefined;
    },

    async credit(operator: DeskOperator, id: string, request: TSlipCreditRequest): Promise<TAdminSlip> {
      const before = await view(id);
      if (!before.undecided) throw new AppError('ALREADY_DECIDED');
      const transRef = before.transRef ?? request.transRef;
      const sendingBank = before.sendingBank ?? request.sendingBank;
      if (!transRef || !sendingBank) throw new AppError('KEY_MISSING');
      const tx = await bankRecord({ transRef, sendingBank });
      const member = await createDepositRepository(db).memberForDeposit(before.memberId);
      if (!member) throw new AppError('NO_USER');
      const deposit = await deps.lookups.get('deposit');
      const account = deposit.banks.find((b) => b.bankCode === tx.receiver.bank && sameAccount(b.bankAccountNo, tx.receiver.account));
      // Not to one of the site's accounts in the member's currency: nothing to credit from.
      if (!account || account.currency !== member.currency || tx.amount <= 0n) throw new AppError('KEY_INVALID', 422);
      const coinPerMinor = coinMinor(await rulesFor(deps.money, member.currency));

      await withMoneyTransaction(db, async (trx) => {
        const repo = createSlipDeskRepository(trx);
        const slip = await repo.lock(id);
        if (!slip || !isUndecided(slip)) throw new AppError('ALREADY_DECIDED');
        const now = clock.now();
        const credit = await creditSlip(trx, {
          at: now,
          member,
          depositAccount: depositAccountId(account.bankCode, account.bankAccountNo),
          transRef: tx.transRef,
          amount: tx.amount,
          coinPerMinor,
          memo: `slip ${slip.id} credited by an operator`,
        });
        // The same transfer was credited already (another slip of it): this one is its duplicate.
        await repo.decide(
          slip.id,
          credit.created
            ? { status: 'success', amount: tx.amount, transRef: tx.transRef, sendingBank }
            : { status: 'failed', note: 'SLIP_REFNO_DUPLICATED' },
          now,
        );
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: credit.created ? 'slip.credit' : 'slip.duplicate',
          memberId: slip.member_id,
          before: { status: slip.status, note: slip.note, transRef: slip.trans_ref },
          after: {
            status: credit.created ? 'success' : 'failed',
            transRef: tx.transRef,
            amount: fromMinor(tx.amount),
            reason: request.reason,
          },
          ledgerEntryId: credit.entryId,
          at: now,
        });
      });
      return view(id);
    },

    async fail(operator: DeskOperator, id: string, request: TSlipFailRequest): Promise<TAdminSlip> {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      await withMoneyTransaction(db, async (trx) => {
        const repo = createSlipDeskRepository(trx);
        const slip = await repo.lock(id);
        if (!slip) throw new AppError('NO_DATA');
        if (!isUndecided(slip)) throw new AppError('ALREADY_DECIDED');
        const now = clock.now();
        await repo.decide(slip.id, { status: 'failed', note: request.note }, now);
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'slip.fail',
          memberId: slip.member_id,
          before: { status: slip.status, note: slip.note },
          after: { status: 'failed', note: request.note, reason: request.reason },
          at: now,
        });
      });
      return view(id);
    },
  };
}
export type SlipDesk = ReturnType<typeof createSlipDesk>;
