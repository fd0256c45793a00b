import { z } from 'zod';
import { text } from '../text.ts';
import { SLIP_NOTE_CODES } from '../errors.ts';
import { ZAmount } from '../money.ts';

/**
 * The money desk of the back office (docs/money-desk.md): withdrawals with
 * four eyes, held payouts and findings, slip review, manual deposit notices,
 * manual adjustments and pending game transfers. Paths and permissions are in
 * `ADMIN_ROUTES` (admin/routes.ts). Amounts are decimal units like every
 * other amount on the wire; times are ISO strings.
 */

/** A reason an operator must give (a rejection, an adjustment): shown to other operators and kept in the audit trail. */
export const ZReason = text().trim().min(1, { error: 'KEY_MISSING' }).max(500, { error: 'KEY_INVALID' });

const ZPageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
};
const ZDateRange = {
  /** Created at or after (ISO). */
  from: z.iso.datetime().optional(),
  /** Created before (ISO). */
  to: z.iso.datetime().optional(),
};
const ZAmountRange = {
  minAmount: z.coerce.number().nonnegative().optional(),
  maxAmount: z.coerce.number().nonnegative().optional(),
};

export const ZIdParam = z.object({ id: z.uuid({ error: 'NO_DATA' }) });

/* Withdrawals ------------------------------------------------------------- */

export const WITHDRAWAL_STATES = ['review', 'approved', 'paying', 'success', 'failed', 'rejected'] as const;

/**
 * Why a withdrawal waits for an operator: above the auto-approval amount, the
 * member changed bank details recently, or the destination account is
 * blacklisted (then it can only be rejected).
 */
const WITHDRAWAL_REVIEW_REASONS = ['ABOVE_AUTO_LIMIT', 'BANK_CHANGED', 'BLACKLISTED'] as const;

/**
 * A pending four-eyes proposal: `proposedBy` may not confirm it (owners
 * included); another operator with `withdrawals.confirm` may.
 */
const ZApprovalProposal = z.object({
  id: text(),
  proposedBy: text(),
  proposedByLogin: text().nullable(),
  proposedAt: z.iso.datetime(),
});

export const ZAdminWithdrawal = z.object({
  id: text(),
  memberId: text(),
  memberPhone: text().nullable(),
  memberName: text().nullable(),
  currency: z.enum(['THB', 'LAK']),
  amount: z.number(),
  bankCode: text(),
  bankAccountNo: text(),
  bankAccountName: text(),
  state: z.enum(WITHDRAWAL_STATES),
  /** Why it waits (or waited) in review; null when it was approved without an operator. */
  reviewReason: z.enum(WITHDRAWAL_REVIEW_REASONS).nullable(),
  /** The payout's outcome at the bank is unknown: the money stays held, never returned by itself. */
  held: z.boolean(),
  /** Unknown past the deadline: on the findings list for a person to settle. */
  finding: z.boolean(),
  /** Above the four-eyes amount: approval needs a maker and a different checker. */
  fourEyes: z.boolean(),
  proposal: ZApprovalProposal.nullable(),
  decidedBy: text().nullable(),
  reason: text().nullable(),
  /** The payout job's last note (a bank's refusal or why the outcome is unknown). */
  note: text().nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;

/** GET withdrawals: `status` pending = review (the queue); recent = everything, newest first. */
export const ZWithdrawalQuery = z.object({
  status: z.enum([...WITHDRAWAL_STATES, 'pending', 'held', 'all']).default('pending'),
  ...ZAmountRange,
  ...ZDateRange,
  ...ZPageQuery,
});
export type TWithdrawalQuery = z.infer<typeof ZWithdrawalQuery>;
export const ZWithdrawalList = z.object({ withdrawals: z.array(ZAdminWithdrawal), total: z.number().int() });
export type TWithdrawalList = z.infer<typeof ZWithdrawalList>;

/**
 * What an approval did: `approved` (queued for payout), `proposed` (above the
 * four-eyes amount: waits for a second operator), `confirmed` (the checker's
 * confirmation approved it).
 */
export const ZWithdrawalDecision = z.object({
  outcome: z.enum(['approved', 'proposed', 'confirmed', 'rejected']),
  withdrawal: ZAdminWithdrawal,
});
export type TWithdrawalDecision = z.infer<typeof ZWithdrawalDecision>;
export const ZRejectRequest = z.object({ reason: ZReason });

/* Payouts held and findings ---------------------------------------------- */

/**
 * Settling a finding after looking at the bank: `paid` books the payout,
 * `failed` returns the money to the wallet, `retry` asks the payout API again now.
 */
export const ZSettleRequest = z.object({ outcome: z.enum(['paid', 'failed', 'retry']), reason: ZReason });
export type TSettleRequest = z.infer<typeof ZSettleRequest>;
export const ZHeldList = z.object({ withdrawals: z.array(ZAdminWithdrawal) });

/* Slips --------------------------------------------------------------------- */

export const ZAdminSlip = z.object({
  id: text(),
  memberId: text(),
  memberPhone: text().nullable(),
  status: z.enum(['processing', 'success', 'failed']),
  note: z.enum(SLIP_NOTE_CODES).nullable(),
  amount: ZAmount.nullable(),
  /** The bank's transaction reference read from the slip's QR, if it could be read. */
  transRef: text().nullable(),
  sendingBank: text().nullable(),
  attempts: z.number().int(),
  /** The image, for an `<img>` in the admin app (same origin, the operator's session). */
  imageUrl: text(),
  /** The verifier could not decide it (still processing, or the bank could not be asked): an operator may credit it. */
  undecided: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TAdminSlip = z.infer<typeof ZAdminSlip>;
export const ZSlipQuery = z.object({
  status: z.enum(['processing', 'success', 'failed', 'undecided', 'all']).default('undecided'),
  note: z.enum(SLIP_NOTE_CODES).optional(),
  memberId: z.uuid().optional(),
  ...ZDateRange,
  ...ZPageQuery,
});
export type TSlipQuery = z.infer<typeof ZSlipQuery>;
export const ZSlipList = z.object({ slips: z.array(ZAdminSlip), total: z.number().int() });

/**
 * Credit an undecided slip: the amount is the bank's record of the transfer
 * (asked by reference), never typed by the operator. A slip whose QR could not
 * be read takes the reference the operator reads off the image.
 */
export const ZSlipCreditRequest = z.object({
  transRef: text()
    .trim()
    .regex(/^[A-Za-z0-9]{1,40}$/, { error: 'KEY_INVALID' })
    .optional(),
  sendingBank: text().trim().min(2).max(10).optional(),
  reason: ZReason,
});
export type TSlipCreditRequest = z.infer<typeof ZSlipCreditRequest>;
export const ZSlipFailRequest = z.object({ note: z.enum(SLIP_NOTE_CODES), reason: ZReason });
export type TSlipFailRequest = z.infer<typeof ZSlipFailRequest>;

/* Manual deposit notices ---------------------------------------------------- */

/**
 * Why a credit by an operator's hand waits for a second operator
 * (docs/money-desk.md, "Four eyes"): its own amount is above the four-eyes
 * amount, or with that operator's other credits to that member today it is.
 */
const FOUR_EYES_REASONS = ['AMOUNT', 'DAY_TOTAL'] as const;
const ZFourEyesReason = z.enum(FOUR_EYES_REASONS);

export const ZAdminDepositNotice = z.object({
  id: text(),
  memberId: text(),
  memberPhone: text().nullable(),
  currency: z.enum(['THB', 'LAK']),
  amount: z.number(),
  status: z.enum(['processing', 'success', 'failed']),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The operator who credited it, or proposed crediting it when a second operator must confirm. */
  proposedBy: text().nullable(),
  /** Set while (and after) a second operator's confirmation is needed. */
  fourEyesReason: ZFourEyesReason.nullable(),
  decidedBy: text().nullable(),
});
export type TAdminDepositNotice = z.infer<typeof ZAdminDepositNotice>;
export const ZDepositNoticeQuery = z.object({
  status: z.enum(['processing', 'success', 'failed', 'all']).default('processing'),
  ...ZPageQuery,
});
export const ZDepositNoticeList = z.object({ notices: z.array(ZAdminDepositNotice), total: z.number().int() });
export const ZNoticeDecisionRequest = z.object({ reason: ZReason.optional() });

/* Manual adjustments ------------------------------------------------------- */

export const ZAdminAdjustment = z.object({
  id: text(),
  memberId: text(),
  memberPhone: text().nullable(),
  currency: z.enum(['THB', 'LAK']),
  direction: z.enum(['credit', 'debit']),
  amount: z.number(),
  reason: text(),
  status: z.enum(['pending', 'posted', 'rejected']),
  fourEyes: z.boolean(),
  /** Why a second operator must confirm (null when one operator posted it). */
  fourEyesReason: ZFourEyesReason.nullable(),
  proposedBy: text(),
  proposedAt: z.iso.datetime(),
  decidedBy: text().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decisionReason: text().nullable(),
  /** The ledger entry, once posted. */
  entryId: text().nullable(),
});
export type TAdminAdjustment = z.infer<typeof ZAdminAdjustment>;
export const ZAdjustmentQuery = z.object({
  status: z.enum(['pending', 'posted', 'rejected', 'all']).default('all'),
  memberId: z.uuid().optional(),
  ...ZPageQuery,
});
export const ZAdjustmentList = z.object({ adjustments: z.array(ZAdminAdjustment), total: z.number().int() });
/** POST adjustments (Idempotency-Key): posted at once up to the four-eyes amount, else pending a second operator. */
export const ZAdjustmentRequest = z.object({
  memberId: z.uuid({ error: 'KEY_INVALID' }),
  direction: z.enum(['credit', 'debit']),
  amount: ZAmount.refine((a) => a > 0, { error: 'KEY_INVALID' }),
  reason: ZReason,
});
export type TAdjustmentRequest = z.infer<typeof ZAdjustmentRequest>;
export const ZAdjustmentRejectRequest = z.object({ reason: ZReason });

/* Pending game transfers ---------------------------------------------------- */

export const ZAdminTransfer = z.object({
  id: text(),
  memberId: text(),
  memberPhone: text().nullable(),
  gameCode: text(),
  direction: z.enum(['to_game', 'from_game']),
  amount: z.number(),
  currency: z.enum(['THB', 'LAK']),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  /** Why it is still pending (the last answer: STATUS_UNKNOWN, AWAITING_DEPOSIT...). */
  reason: text().nullable(),
  attempts: z.number().int(),
  /** When reconciliation asks the provider next. */
  nextCheckAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type TAdminTransfer = z.infer<typeof ZAdminTransfer>;
export const ZTransferQuery = z.object({ status: z.enum(['PENDING', 'SUCCESS', 'FAILED', 'all']).default('PENDING'), ...ZPageQuery });
export const ZTransferList = z.object({ transfers: z.array(ZAdminTransfer), total: z.number().int() });
