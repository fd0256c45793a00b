import { z } from 'zod';
import { text } from '../text.ts';

/** Members in the back office (docs/operators.md, "Members"). Amounts are in currency units, like the member API. */

const required = (max: number) => text().trim().min(1, { error: 'KEY_MISSING' }).max(max, { error: 'KEY_INVALID' });
/** Every decision about a member carries a reason (kept in the audit trail). */
export const ZReason = required(500);

export const ZMemberSearchQuery = z.object({
  /** Phone, member number (with or without PR), bank account number, or part of the name. */
  q: required(64),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZMemberSummary = z.object({
  id: text(),
  memberNo: text(),
  name: text(),
  phone: text(),
  status: z.enum(['active', 'inactive']),
  currency: z.enum(['THB', 'LAK']),
  bankCode: text(),
  bankAccountName: text(),
  bankAccountNo: text(),
  createdAt: z.iso.datetime(),
});
export type TMemberSummary = z.infer<typeof ZMemberSummary>;
export const ZMemberSearchResponse = z.object({ members: z.array(ZMemberSummary) });

const at = z.iso.datetime();
export const ZMemberDetail = z.object({
  member: ZMemberSummary.extend({
    coin: z.number().int(),
    mustChangePassword: z.boolean(),
    bankBlacklisted: z.boolean(),
  }),
  registration: z.object({
    registeredAt: at,
    sourceCode: text().nullable(),
    /** Who invited the member (their invite code PR<memberNo>). */
    invitedBy: z.object({ id: text(), memberNo: text(), name: text() }).nullable(),
    invitees: z.number().int(),
  }),
  wallet: z.object({ balance: z.number() }),
  /** Game accounts with the balance last read from the provider. */
  /** `code` is the ledger account's (`game:<game>`); `name` the game's name as members see it. */
  games: z.array(z.object({ code: text(), name: text(), username: text().nullable(), status: text().nullable(), balance: z.number() })),
  slips: z.array(
    z.object({
      id: text(),
      status: text(),
      note: text().nullable(),
      amount: z.number().nullable(),
      transRef: text().nullable(),
      createdAt: at,
    }),
  ),
  withdrawals: z.array(
    z.object({
      id: text(),
      status: text(),
      amount: z.number(),
      bankAccountNo: text(),
      note: text().nullable(),
      createdAt: at,
    }),
  ),
  deposits: z.array(
    z.object({
      id: text(),
      channel: z.enum(['qr', 'manual']),
      provider: text().nullable(),
      status: text(),
      amount: z.number(),
      createdAt: at,
    }),
  ),
  sessions: z.array(z.object({ id: text(), createdAt: at, expiresAt: at, revokedAt: at.nullable() })),
});
export type TMemberDetail = z.infer<typeof ZMemberDetail>;

export const ZMemberStatementQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZMemberDecision = z.object({ reason: ZReason });

/** A reset: the temporary password goes by SMS only; `smsSent` false means the gateway failed (reset it again). */
export const ZMemberResetResponse = z.object({ smsSent: z.boolean() });

export const ZMemberBankEdit = z.object({
  bankCode: required(20).toUpperCase(),
  bankAccountName: required(100),
  bankAccountNo: text()
    .trim()
    .regex(/^\d{6,20}$/, { error: 'KEY_INVALID' }),
  reason: ZReason,
});
export type TMemberBankEdit = z.infer<typeof ZMemberBankEdit>;

/** The bank-account blacklist: a listed account cannot register (INVALID_BANK) and its payouts are held for review. */
export const ZBlacklistEntry = z.object({
  id: text(),
  /** Null: the account number on any bank. */
  bankCode: text().nullable(),
  bankAccountNo: text(),
  reason: text(),
  createdBy: text().nullable(),
  createdAt: at,
});
export type TBlacklistEntry = z.infer<typeof ZBlacklistEntry>;
export const ZBlacklistList = z.object({ entries: z.array(ZBlacklistEntry) });
export const ZBlacklistAdd = z.object({
  bankCode: required(20).toUpperCase().optional(),
  bankAccountNo: text()
    .trim()
    .regex(/^\d{6,20}$/, { error: 'KEY_INVALID' }),
  reason: ZReason,
});
export type TBlacklistAdd = z.infer<typeof ZBlacklistAdd>;
