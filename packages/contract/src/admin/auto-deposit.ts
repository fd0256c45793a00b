import { z } from 'zod';
import { text } from '../text.ts';
import { ZAmount } from '../money.ts';
import { ZReason } from './money.ts';

/**
 * Automatic deposits in the back office (docs/auto-deposit.md): the SMS
 * forwarder devices, and the money desk's unmatched deposits queue. Paths and
 * permissions are in ADMIN_ROUTES.
 */

/* SMS forwarder devices --------------------------------------------------- */

export const ZForwarderCreate = z.object({
  name: text().trim().min(1, { error: 'KEY_MISSING' }).max(80, { error: 'KEY_INVALID' }),
  siteBank: text().trim().min(2).max(16),
  siteAccount: text()
    .trim()
    .regex(/^[0-9]{6,20}$/, { error: 'KEY_INVALID' }),
});
export type TForwarderCreate = z.infer<typeof ZForwarderCreate>;

export const ZForwarder = z.object({
  id: z.uuid(),
  name: text(),
  siteBank: text(),
  siteAccount: text(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  /** Where the device posts (relative to the site's origin). */
  webhookPath: text(),
});
export type TForwarder = z.infer<typeof ZForwarder>;
/** The answer to a registration: the only time the secret is ever shown. */
export const ZForwarderCreated = ZForwarder.extend({ secret: text() });
export const ZForwarderList = z.object({ forwarders: z.array(ZForwarder) });

/* The forwarder's request -------------------------------------------------- */

/** What a forwarder app posts for one SMS it received (signed: docs/auto-deposit.md, "Forwarder set-up"). */
export const ZForwardedSms = z.object({
  /** The SMS sender as the phone shows it (KBANK, SCB, ...). */
  from: text().max(40).optional(),
  text: text().min(1).max(1_000),
  /** When the phone received it (ISO); the request's time when absent. */
  receivedAt: z.iso.datetime({ offset: true }).optional(),
});
export const ZForwardedSmsAnswer = z.object({
  /** credited / unmatched / unparsed / duplicate: what became of the line; ignored: not a credit SMS. */
  status: z.enum(['credited', 'unmatched', 'unparsed', 'duplicate', 'returned', 'proposed', 'ignored']),
  lineId: z.uuid().nullable(),
});

/* Unmatched deposits queue ------------------------------------------------ */

const INCOMING_STATUSES = ['credited', 'unmatched', 'unparsed', 'duplicate', 'returned', 'proposed'] as const;

export const ZIncomingQuery = z.object({
  /** queue: what waits for an operator (unmatched, unparsed, proposed), oldest first; all: everything, newest first. */
  status: z.enum(['queue', 'all']).default('queue'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

const ZIncomingCandidate = z.object({ id: z.uuid(), phone: text(), name: text(), bankAccountNo: text() });

export const ZIncomingLine = z.object({
  id: z.uuid(),
  source: z.enum(['AUTO', 'SMS']),
  siteBank: text(),
  siteAccount: text(),
  bankRef: text(),
  currency: z.enum(['THB', 'LAK']),
  amount: ZAmount.nullable(),
  occurredAt: z.iso.datetime().nullable(),
  senderBank: text().nullable(),
  senderDigits: text().nullable(),
  senderName: text().nullable(),
  raw: text().nullable(),
  status: z.enum(INCOMING_STATUSES),
  reason: text().nullable(),
  candidates: z.array(ZIncomingCandidate),
  memberId: z.uuid().nullable(),
  receivedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  proposedBy: z.uuid().nullable(),
  proposedMemberId: z.uuid().nullable(),
  fourEyesReason: z.enum(['AMOUNT', 'DAY_TOTAL']).nullable(),
});
export type TIncomingLine = z.infer<typeof ZIncomingLine>;
export const ZIncomingList = z.object({ lines: z.array(ZIncomingLine), total: z.number().int() });

/** Assign a queued line to a member: credits it (or proposes it, above the four-eyes amount). */
export const ZIncomingAssign = z.object({
  memberId: z.uuid({ error: 'KEY_INVALID' }),
  /** For an unparsed SMS, the amount the operator read from it. */
  amount: ZAmount.optional(),
  reason: ZReason.optional(),
});
export type TIncomingAssign = z.infer<typeof ZIncomingAssign>;
/** Mark a queued line to be returned to its sender (nothing is credited). */
export const ZIncomingReturn = z.object({ reason: ZReason });
