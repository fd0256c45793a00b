import { z } from 'zod';

/** Members in the back office (docs/operators.md, "Members"). Amounts are in currency units, like the member API. */

const required = (max: number) => z.string().trim().min(1, { error: 'KEY_MISSING' }).max(max, { error: 'KEY_INVALID' });
/** Every decision about a member carries a reason (kept in the audit trail). */
export const ZReason = required(500);

export const ZMemberSearchQuery = z.object({
  /** Phone, member number (with or without PR), bank account number, or part of the name. */
  q: required(64),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TMemberSearchQuery = z.infer<typeof ZMemberSearchQuery>;

export const ZMemberSummary = z.object({
  id: z.string(),
  memberNo: z.string(),
  name: z.string(),
  phone: z.string(),
  status: z.enum(['active', 'inactive']),
  currency: z.enum(['THB', 'LAK']),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
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
    sourceCode: z.string().nullable(),
    /** Who invited the member (their invite code PR<memberNo>). */
    invitedBy: z.object({ id: z.string(), memberNo: z.string(), name: z.string() }).nullable(),
    invitees: z.number().int(),
  }),
  wallet: z.object({ balance: z.number() }),
  /** Game accounts with the balance last read from the provider. */
  games: z.array(z.object({ code: z.string(), username: z.string().nullable(), status: z.string().nullable(), balance: z.number() })),
  slips: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      note: z.string().nullable(),
      amount: z.number().nullable(),
      transRef: z.string().nullable(),
      createdAt: at,
    }),
  ),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amount: z.number(),
      bankAccountNo: z.string(),
      note: z.string().nullable(),
      createdAt: at,
    }),
  ),
  deposits: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(['qr', 'manual']),
      provider: z.string().nullable(),
      status: z.string(),
      amount: z.number(),
      createdAt: at,
    }),
  ),
  sessions: z.array(z.object({ id: z.string(), createdAt: at, expiresAt: at, revokedAt: at.nullable() })),
});
export type TMemberDetail = z.infer<typeof ZMemberDetail>;

export const ZMemberStatementQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZMemberDecision = z.object({ reason: ZReason });
export type TMemberDecision = z.infer<typeof ZMemberDecision>;

/** A reset: the temporary password goes by SMS only; `smsSent` false means the gateway failed (reset it again). */
export const ZMemberResetResponse = z.object({ smsSent: z.boolean() });

export const ZMemberBankEdit = z.object({
  bankCode: required(20).toUpperCase(),
  bankAccountName: required(100),
  bankAccountNo: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, { error: 'KEY_INVALID' }),
  reason: ZReason,
});
export type TMemberBankEdit = z.infer<typeof ZMemberBankEdit>;

/** The bank-account blacklist: a listed account cannot register (INVALID_BANK) and its payouts are held for review. */
export const ZBlacklistEntry = z.object({
  id: z.string(),
  /** Null: the account number on any bank. */
  bankCode: z.string().nullable(),
  bankAccountNo: z.string(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: at,
});
export type TBlacklistEntry = z.infer<typeof ZBlacklistEntry>;
export const ZBlacklistList = z.object({ entries: z.array(ZBlacklistEntry) });
export const ZBlacklistAdd = z.object({
  bankCode: required(20).toUpperCase().optional(),
  bankAccountNo: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, { error: 'KEY_INVALID' }),
  reason: ZReason,
});
export type TBlacklistAdd = z.infer<typeof ZBlacklistAdd>;
