import { z } from 'zod';
import { text } from './text.ts';
import { CURRENCIES, GAME_CATEGORIES, GAME_CODES, QR_PROVIDERS } from './constants.ts';
import { SLIP_NOTE_CODES } from './errors.ts';
import { ZAmount } from './money.ts';
import { ZBankAccount, ZProfile } from './account.ts';

/** The member's one currency (docs/money.md), so screens name the right unit. */
const ZWalletBalance = z.object({ amount: ZAmount, currency: z.enum(CURRENCIES) });

const ZInviteSummary = z.object({
  amount: ZAmount,
  success: z.number().int().nonnegative(),
  fail: z.number().int().nonnegative(),
});

export const ZGameAccount = z.object({
  code: text(),
  name: text(),
  category: z.enum(GAME_CATEGORIES),
  logo: text(),
  background: text(),
  isActive: z.boolean(),
  amount: ZAmount,
  ftWalletSlot: z.number().positive(),
  web: text().nullable(),
  android: text().nullable(),
  ios: text().nullable(),
  username: text().optional(),
  password: text().optional(),
  /** Fields a form-posting launcher sends to the provider's login page. */
  event: z.record(text(), text()).optional(),
});
export type TGameAccount = z.infer<typeof ZGameAccount>;

export const ZWalletResponse = z.object({
  profile: ZProfile,
  bankAccount: ZBankAccount.nullable(),
  wallet: ZWalletBalance,
  invite: ZInviteSummary,
  slots: z.array(ZGameAccount),
});
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

export const ZQrState = z.object({
  qrcodeId: text().nullable(),
  hasQrcode: z.boolean(),
  qrcode: text().nullable(),
  /** The text the QR encodes (EMV / PromptPay), for 'copy' and for saving the QR as an image. */
  payload: text().nullable(),
  amount: ZAmount.nullable(),
  expireIn: z.number().int().nonnegative().nullable(),
  message: text().nullable(),
});
export type TQrState = z.infer<typeof ZQrState>;

export const ZSlip = z.object({
  createdAt: z.iso.datetime(),
  amount: ZAmount.nullable(),
  status: z.enum(['processing', 'success', 'failed']),
  note: z.enum(SLIP_NOTE_CODES).nullable(),
  link: text().nullable(),
  reference: text(),
});
export type TSlip = z.infer<typeof ZSlip>;

/** adjustment: an operator's manual credit or debit (docs/money-desk.md, "Manual adjustments"); spin: a claimed prize (docs/spin.md). */
export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer', 'adjustment', 'spin'] as const;

/** How a statement line's money came in or went out; the web words each kind in the member's language. */
export const STATEMENT_CHANNELS = ['slip', 'qr', 'giftlink', 'manual', 'payout', 'reward'] as const;

/** What a bonus line's money belongs to (docs/rewards.md, "On the statement"). */
export const REWARD_KINDS = ['bonus', 'promotion', 'refund', 'spin', 'invite'] as const;

/**
 * The machine-readable part of a deposit's or withdrawal's description, like
 * from/to are for a transfer: codes and references, never words.
 * - slip: a bank transfer proved by a slip; reference is the bank's transaction reference (on the member's slip);
 * - qr: a QR payment at a gateway; reference is the payment reference the member's bank app shows, if known;
 * - giftlink: a TrueMoney gift link; manual: a bank transfer the staff confirmed;
 * - payout: a withdrawal to the member's bank account (the bank's code, the last digits of the account number);
 * - reward: a bonus credited or taken back (bonus lines): what it belongs to and its code (a bonus or promotion code).
 */
const ZStatementChannel = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slip'), reference: text().nullable() }),
  z.object({ kind: z.literal('qr'), provider: z.enum(QR_PROVIDERS).nullable(), reference: text().nullable() }),
  z.object({ kind: z.literal('giftlink') }),
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('payout'), bankCode: text(), accountEnd: text() }),
  z.object({ kind: z.literal('reward'), reward: z.enum(REWARD_KINDS), code: text().nullable() }),
]);
export type TStatementChannel = z.infer<typeof ZStatementChannel>;

export const ZStatement = z.object({
  statementType: z.enum(STATEMENT_TYPES),
  from: text().nullable(),
  to: text().nullable(),
  /** SUCCESS and FAILED are final; anything else shows as in progress. */
  status: text(),
  amount: z.number(),
  createdAt: z.iso.datetime(),
  /** Deposits, withdrawals and bonus lines: how the money moved (null for transfers, which have from/to). */
  channel: ZStatementChannel.nullable(),
  /** Text for people from a linked bonus, promotion, invite, refund or lucky draw; null otherwise. */
  description: text().nullable(),
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZPageRequest = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(100),
});

/* ---------------------------------------------------------------------------
 * Wallet, game accounts, transfers and statement (docs/games.md, docs/money.md).
 * ------------------------------------------------------------------------- */

/** The wallet side of a transfer; anything else is a game code. */
export const WALLET = 'WALLET';
/**
 * Absent or blank is KEY_MISSING (the validator only sees absence for type
 * errors); a name that is no game of the catalogue is NO_GAME, as on every
 * route that takes a game code; any other value (a number...) is KEY_INVALID.
 */
const unknownSide =
  (alsoInvalid: readonly string[] = []) =>
  (issue: { input?: unknown }): string => {
    const { input } = issue;
    if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return 'KEY_MISSING';
    return typeof input === 'string' && !alsoInvalid.includes(input) ? 'NO_GAME' : 'KEY_INVALID';
  };
const ZTransferSide = z.enum([WALLET, ...GAME_CODES], { error: unknownSide() });

/**
 * More than zero; the minimum is the member's currency's (`transferMin`, docs/money.md,
 * "Rules per currency"), checked by the server. Negative, NaN or more than two decimals are KEY_INVALID.
 */
const ZTransferAmount = ZAmount.refine((amount) => amount > 0, {
  error: 'TRANSFER_MINIMUM',
  // Only for an otherwise valid amount: -1 is KEY_INVALID (docs/money.md), not "too small".
  when: (payload) => payload.issues.length === 0,
});

/** POST /api/wallet/transfer. Game to game goes through the wallet (two legs, one request). */
export const ZTransferRequest = z
  .object({ from: ZTransferSide, to: ZTransferSide, amount: ZTransferAmount })
  .refine((t) => t.from !== t.to, { error: 'KEY_INVALID', path: ['to'] });

/** POST /api/wallet/transferAll: the whole wallet to one game. */
// The wallet is a side but no game: moving the whole wallet into itself is a malformed request.
export const ZTransferAllRequest = z.object({ to: z.enum(GAME_CODES, { error: unknownSide([WALLET]) }) });

/**
 * A transfer's answer: 200 with SUCCESS, or 202 with PENDING when the provider's
 * answer was lost (timeout, unknown outcome). A PENDING transfer is settled by the
 * server within a minute, either way, and no money is lost: the web shows "in
 * progress" and refreshes the balances later. A definite failure is an error
 * answer instead (502 TRANSFER_FAIL: funds returned to the wallet).
 */
export const ZTransferResponse = z.object({
  status: z.enum(['SUCCESS', 'PENDING']),
  /** The transfer's id (the first leg's, for game to game). */
  transferId: text(),
  from: ZTransferSide,
  to: ZTransferSide,
  amount: ZAmount,
});

/** Route parameter of activate / account / resetpassword. */
export const ZGameCodeParams = z.object({ code: text().max(40, { error: 'NO_GAME' }) });

/** GET /api/wallet/refresh/slot: every game card, balances fresh from the providers where they answered. */
export const ZSlotsResponse = z.object({ slots: z.array(ZGameAccount) });

/** GET /api/autoLogin/{game}/{username}[/{password}]; the password segment is ignored (never needed, never echoed). */
export const ZAutoLoginParams = z.object({
  game: text().max(40),
  username: text().max(64),
  password: text().max(128).optional(),
});
export const ZAutoLoginQuery = z.object({ platform: z.enum(['web', 'android', 'ios']).default('web') });
/** A link to open in a new window: a short-lived launch token, never the game password. */
export const ZAutoLoginResponse = z.object({ link: text() });

/** POST /api/statement. */
export const ZStatementRequest = ZPageRequest;
export const ZStatementResponse = z.object({
  total: z.number().int().nonnegative(),
  statements: z.array(ZStatement),
});
export type TStatementResponse = z.infer<typeof ZStatementResponse>;
