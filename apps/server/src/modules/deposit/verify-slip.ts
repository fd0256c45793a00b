import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { validate } from 'promptparse';
import type { SlipNoteCode } from '@jetton/contract/errors';
import { BankUnavailableError, type BankTransaction, type BankVerification } from '../../adapters/bank/bank-verification.ts';
import { bankCodeOf } from '../../adapters/bank/bank-codes.ts';
import type { QrReader } from '../../adapters/qr-reader/qr-reader.ts';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { creditSlip } from './credit-slip.ts';
import { createDepositRepository } from './deposit-repository.ts';
import type { DepositRules, DepositRulesSource } from './deposit-rules.ts';
import { coinMinor, rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import { createSlipRepository, type Slip, type SlipOutcome } from './slip-repository.ts';

export type SlipVerifyDeps = {
  db: Kysely<DB>;
  storage: ObjectStorage;
  bank: BankVerification;
  readQr: QrReader;
  lookups: LookupService;
  rules: DepositRulesSource;
  money: MoneyRulesSource;
  clock: Clock;
  log: FastifyBaseLogger;
};

const fail = (note: SlipNoteCode): SlipOutcome => ({ status: 'failed', note });

/** The id of a site deposit account in ledger codes: bank:<bankCode>-<accountNo>. */
export const depositAccountId = (bankCode: string, accountNo: string): string => `${bankCode}-${accountNo}`;

/**
 * Decides one claimed slip (docs/deposits.md, "Bank transfer with a slip"). Each
 * step's refusal is its slip note code; the wallet is credited in one transaction with the coins,
 * under the ledger reference = transRef, so one transfer credits once however
 * many slips of it arrive, concurrently or not.
 */
export async function verifySlip(deps: SlipVerifyDeps, slip: Slip): Promise<void> {
  const slips = createSlipRepository(deps.db);
  const rules = await deps.rules.get();
  let outcome: SlipOutcome | 'retry' | 'decided';
  try {
    outcome = await decide(deps, slip, rules);
  } catch (error) {
    deps.log.error({ err: error, slipId: slip.id }, 'slip verification failed unexpectedly');
    outcome = fail('UNKNOW_ERROR');
  }
  if (outcome === 'decided') return;
  const now = deps.clock.now();
  if (outcome === 'retry') {
    // Back off a little more each time; the lease field doubles as "not before".
    await slips.retryLater(slip.id, new Date(now.getTime() + 15_000 * slip.attempts), now);
    return;
  }
  if (outcome.status === 'failed') await slips.finish(slip.id, outcome, now);
}

async function decide(deps: SlipVerifyDeps, slip: Slip, rules: DepositRules): Promise<SlipOutcome | 'retry' | 'decided'> {
  const slips = createSlipRepository(deps.db);
  const image = await deps.storage.get(slip.storage_key);
  if (!image) return fail('UPLOADED_FILE_NOT_EXIST');
  const reference = readReference(await deps.readQr(new Uint8Array(image)));
  if (!reference) return fail('INVALID_SLIP');
  await slips.recordReference(slip.id, reference, deps.clock.now());
  if (await slips.referenceSeen(reference.transRef, slip.id)) return fail('SLIP_REFNO_DUPLICATED');

  let tx: BankTransaction | undefined;
  try {
    tx = await deps.bank.getTransaction(reference);
  } catch (error) {
    if (!(error instanceof BankUnavailableError)) throw error;
    deps.log.warn({ err: error, slipId: slip.id, attempt: slip.attempts }, 'bank verification unavailable');
    return slip.attempts < rules.slipVerifyAttempts ? 'retry' : fail('UNKNOW_ERROR');
  }
  if (!tx || tx.transRef !== reference.transRef) return fail('INVALID_SLIP');

  const member = await createDepositRepository(deps.db).memberForDeposit(slip.member_id);
  if (!member) return fail('UNKNOW_ERROR');
  const deposit = await deps.lookups.get('deposit');
  const account = deposit.banks.find((b) => b.bankCode === tx.receiver.bank && sameAccount(b.bankAccountNo, tx.receiver.account));
  // A site account in another currency is not this member's destination: the entry could not even be posted.
  if (!account || account.currency !== member.currency) return fail('DEST_ACC_INVALID');
  if (tx.sender.bank !== member.bank_code || !sameAccount(member.bank_account_no, tx.sender.account)) return fail('NOT_MATCH');
  if (slip.created_at.getTime() - tx.time.getTime() > rules.slipMaxAgeMs) return fail('EXPIRED_SLIP');
  if (tx.amount <= 0n) return fail('INVALID_SLIP');

  const coinPerMinor = coinMinor(await rulesFor(deps.money, member.currency));
  const credited = await withMoneyTransaction(deps.db, async (trx) => {
    // An operator may have decided it meanwhile (docs/money-desk.md, "Slips"): then nothing is credited here.
    const current = await createSlipRepository(trx).lockStatus(slip.id);
    if (current !== 'processing') return 'decided' as const;
    const result = await creditSlip(trx, {
      at: deps.clock.now(),
      member,
      depositAccount: depositAccountId(account.bankCode, account.bankAccountNo),
      transRef: tx.transRef,
      amount: tx.amount,
      coinPerMinor,
      memo: `slip ${slip.id}`,
    });
    // Same transaction as the money: a slip is success exactly when its credit committed, or when the
    // transfer was credited to this same member automatically (docs/auto-deposit.md): one credit either way.
    const repo = createSlipRepository(trx);
    const done = result.created || (await repo.autoCreditedTo(tx.transRef, member.id));
    if (done) await repo.finish(slip.id, { status: 'success', amount: tx.amount }, deps.clock.now());
    return done;
  });
  if (credited === 'decided') return 'decided';
  return credited ? { status: 'success', amount: tx.amount } : fail('SLIP_REFNO_DUPLICATED');
}

/** The slip-verification mini QR among the codes found: CRC-checked, else undefined (INVALID_SLIP). */
function readReference(texts: string[]): { transRef: string; sendingBank: string } | undefined {
  for (const text of texts) {
    const parsed = validate.slipVerify(text);
    if (parsed && /^[0-9]{3}$/.test(parsed.sendingBank) && /^[A-Za-z0-9]{1,40}$/.test(parsed.transRef)) {
      return { transRef: parsed.transRef, sendingBank: bankCodeOf(parsed.sendingBank) ?? parsed.sendingBank };
    }
  }
  return undefined;
}

/**
 * Account numbers as banks answer them: separators dropped, and a bank may mask
 * digits with x (`xxx-x-x1234-x`); every digit it shows must match, and it must
 * show at least four.
 */
export function sameAccount(registered: string, answered: string): boolean {
  const a = registered.replace(/[\s-]/g, '');
  const b = answered.replace(/[\s-]/g, '').toLowerCase();
  if (a.length !== b.length) return false;
  let shown = 0;
  for (let i = 0; i < a.length; i++) {
    if (b[i] === 'x') continue;
    if (b[i] !== a[i]) return false;
    shown++;
  }
  return shown >= 4;
}
