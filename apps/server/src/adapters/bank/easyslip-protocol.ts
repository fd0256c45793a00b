import { z } from 'zod';
import { text } from '@jetton/contract/text';

/**
 * EasySlip's Developer API v1, "Verify Bank Slip by payload" (GET /verify?payload=...), as its
 * documentation describes it (docs/deposits.md, "EasySlip"): bearer key, answers
 * `{ status: 200, data }` or `{ status, message: <error code> }` with the same HTTP status.
 * Shared by the adapter (parsing) and its simulator (answering), so both speak one shape.
 */
export const EASYSLIP_VERIFY_PATH = '/verify';

const ZName = z.object({ th: text().optional(), en: text().optional() });
const ZAccount = z.object({
  name: ZName,
  bank: z.object({ type: z.enum(['BANKAC', 'TOKEN', 'DUMMY']), account: text() }).optional(),
  proxy: z.object({ type: z.enum(['NATID', 'MSISDN', 'EWALLETID', 'EMAIL', 'BILLERID']), account: text() }).optional(),
});
const ZParty = z.object({
  bank: z.object({ id: text().optional(), name: text().optional(), short: text().optional() }),
  account: ZAccount,
});

export const ZEasySlipData = z.object({
  payload: text(),
  transRef: text().min(1).max(64),
  date: z.iso.datetime({ offset: true }),
  countryCode: text(),
  amount: z.object({ amount: z.number().nonnegative(), local: z.object({ amount: z.number().optional(), currency: text().optional() }) }),
  fee: z.number().optional(),
  ref1: text().optional(),
  ref2: text().optional(),
  ref3: text().optional(),
  sender: ZParty,
  receiver: ZParty.extend({ merchantId: text().optional() }),
});
export type EasySlipData = z.infer<typeof ZEasySlipData>;

export const ZEasySlipSuccess = z.object({ status: z.literal(200), data: ZEasySlipData });
export const ZEasySlipError = z.object({ status: z.number().int(), message: text(), data: ZEasySlipData.optional() });

/** The v1 error codes and the HTTP status each comes with (the documentation's error table). */
export const EASYSLIP_ERRORS = {
  invalid_payload: 400,
  duplicate_slip: 400,
  unauthorized: 401,
  access_denied: 403,
  account_not_verified: 403,
  application_expired: 403,
  application_deactivated: 403,
  quota_exceeded: 403,
  slip_not_found: 404,
  qrcode_not_found: 404,
  server_error: 500,
  api_server_error: 500,
} as const;
export type EasySlipErrorCode = keyof typeof EASYSLIP_ERRORS;

/** Errors that say the operator's account needs a person (key, plan, whitelist), not a retry soon. */
export const EASYSLIP_ACCOUNT_ERRORS: readonly EasySlipErrorCode[] = [
  'unauthorized',
  'access_denied',
  'account_not_verified',
  'application_expired',
  'application_deactivated',
  'quota_exceeded',
];

/** Baht as the API's JSON number -> satang, refusing anything finer than a satang. */
export function bahtToMinor(amount: number): bigint | undefined {
  const minor = Math.round(amount * 100);
  if (!Number.isSafeInteger(minor) || Math.abs(amount * 100 - minor) > 1e-6) return undefined;
  return BigInt(minor);
}
