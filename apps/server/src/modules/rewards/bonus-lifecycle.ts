import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BonusOrigin, BonusStatus, CategoryWeights } from '../../db/tables/rewards.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { accountBalance, ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../../ledger/account-codes.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import { takeBack } from './bonus-math.ts';
import { createMemberBonusRepository, type Currency, type MemberBonus } from './member-bonus-repository.ts';

export type { Currency, MemberBonus };

/** The expense account each origin's credits come from, so reports read the cost per kind (docs/rewards.md, "Ledger"). */
const EXPENSE_OF: Record<BonusOrigin, 'bonus' | 'promotion' | 'refund' | 'spin'> = {
  bonus: 'bonus',
  promotion: 'promotion',
  refund: 'refund',
  spin: 'spin',
};

export type GrantInput = {
  memberId: string;
  currency: Currency;
  origin: BonusOrigin;
  definitionId: string | null;
  code: string;
  base: bigint;
  credit: bigint;
  target: bigint;
  percentFail: number;
  percentSuccess: number;
  weights: CategoryWeights;
  expiresAt: Date | null;
  /** A refund batch or a spin coupon id: grants once. */
  sourceRef: string | null;
  now: Date;
};

/** Serializes a member's bonus changes (activations, endings) behind one row lock, inside the caller's transaction. */
export async function lockMember(
  trx: Kysely<DB>,
  memberId: string,
): Promise<{ currency: Currency; bank_account_no: string; phone: string }> {
  const row = await createMemberBonusRepository(trx).lockMember(memberId);
  if (!row) throw new AppError('invalid-token');
  return row;
}

export function activeBonusOf(trx: Kysely<DB>, memberId: string): Promise<MemberBonus | undefined> {
  return createMemberBonusRepository(trx).active(memberId);
}

/**
 * Starts a member's bonus and credits it, in the caller's transaction (after
 * lockMember). One active bonus per member (BONUS_ALREADY_ACTIVE, also
 * enforced by a unique index, so two racing requests grant once). The credit
 * is posted expense:<origin> -> wallet as `bonus.grant`, referenced by the
 * bonus id.
 */
export async function grantBonus(trx: Kysely<DB>, input: GrantInput): Promise<MemberBonus> {
  if (await activeBonusOf(trx, input.memberId)) throw new AppError('BONUS_ALREADY_ACTIVE');
  const id = uuidV7(input.now);
  let bonus: MemberBonus;
  try {
    bonus = await createMemberBonusRepository(trx).insert({
      id,
      member_id: input.memberId,
      origin: input.origin,
      definition_id: input.definitionId,
      code: input.code,
      currency: input.currency,
      status: 'active',
      end_reason: null,
      base: input.base,
      credit: input.credit,
      turnover_target: input.target,
      percent_fail: input.percentFail,
      percent_success: input.percentSuccess,
      category_weights: JSON.stringify(input.weights),
      expires_at: input.expiresAt,
      source_ref: input.sourceRef,
      activated_at: input.now,
      ended_at: null,
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'member_bonuses_one_active') throw new AppError('BONUS_ALREADY_ACTIVE');
    if (constraint === 'member_bonuses_promotion_once') throw new AppError('PROMOTION_RECEIVED');
    throw error;
  }
  if (input.credit > 0n) {
    const expense = await ensureAccount(trx, systemAccount(ACCOUNT_CODES.expense(EXPENSE_OF[input.origin]), input.currency));
    const wallet = await ensureAccount(trx, memberWallet(input.memberId, input.currency));
    await postEntry(trx, {
      kind: 'bonus.grant',
      reference: id,
      memo: `${input.origin} ${input.code}`,
      postings: [
        { account: expense, amount: -input.credit },
        { account: wallet, amount: input.credit },
      ],
    });
  }
  return bonus;
}

export type Ending = {
  status: Exclude<BonusStatus, 'active'>;
  reason: string;
  /** Percent of the credit the member keeps; the rest is taken back, capped at the wallet. */
  keepPercent: number;
  now: Date;
};

/**
 * Ends an active bonus one way (active -> completed / cancelled / expired /
 * ended) with its reason, and takes back what the member does not keep as
 * `bonus.finish` (wallet -> expense:<origin>, referenced by the bonus id, so at
 * most once). Answers null when the bonus was not active any more (another
 * request ended it first): nothing is taken then.
 */
export async function endBonus(
  trx: Kysely<DB>,
  bonus: MemberBonus,
  ending: Ending,
): Promise<{ bonus: MemberBonus; takenBack: bigint } | null> {
  const walletRef = memberWallet(bonus.member_id, bonus.currency);
  const owed = takeBack(bonus.credit, ending.keepPercent, await accountBalance(trx, walletRef));
  const ended = await createMemberBonusRepository(trx).end(bonus.id, {
    status: ending.status,
    reason: ending.reason,
    now: ending.now,
    takenBack: owed,
  });
  if (!ended) return null;
  if (owed > 0n) {
    const expense = await ensureAccount(trx, systemAccount(ACCOUNT_CODES.expense(EXPENSE_OF[bonus.origin]), bonus.currency));
    const wallet = await ensureAccount(trx, walletRef);
    await postEntry(trx, {
      kind: 'bonus.finish',
      reference: bonus.id,
      memo: `${ending.status}: ${ending.reason}`,
      postings: [
        { account: wallet, amount: -owed },
        { account: expense, amount: owed },
      ],
    });
  }
  return { bonus: ended, takenBack: owed };
}

export const turnoverMet = (bonus: Pick<MemberBonus, 'turnover_done' | 'turnover_target'>): boolean =>
  bonus.turnover_done >= bonus.turnover_target;

/** The member's whole balance: wallet plus every game account, as the ledger holds them. */
export function totalBalance(trx: Kysely<DB>, memberId: string): Promise<bigint> {
  return createMemberBonusRepository(trx).totalBalance(memberId);
}

/**
 * How a bonus ends when the member cancels it or it expires (docs/rewards.md,
 * "Cancel and expiry"): below the clear threshold it simply ends; with the
 * turnover met the member keeps all of it; otherwise percentFail is kept.
 */
export async function endLikeCancel(
  trx: Kysely<DB>,
  bonus: MemberBonus,
  options: { clearBelowMinor: bigint; now: Date; expired: boolean },
): Promise<{ bonus: MemberBonus; takenBack: bigint } | null> {
  if (turnoverMet(bonus)) {
    return endBonus(trx, bonus, { status: 'completed', reason: 'turnover-met', keepPercent: bonus.percent_success, now: options.now });
  }
  const status = options.expired ? 'expired' : 'cancelled';
  if ((await totalBalance(trx, bonus.member_id)) < options.clearBelowMinor) {
    return endBonus(trx, bonus, { status, reason: 'low-balance', keepPercent: 100, now: options.now });
  }
  return endBonus(trx, bonus, {
    status,
    reason: options.expired ? 'expired' : 'member-cancel',
    keepPercent: bonus.percent_fail,
    now: options.now,
  });
}
