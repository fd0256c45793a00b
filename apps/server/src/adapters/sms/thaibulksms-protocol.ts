import { z } from 'zod';
import { text } from '@jetton/contract/text';

/**
 * ThaiBulkSMS's SMS API v2, "Send SMS" (POST /sms), as its documentation describes it
 * (docs/accounts.md, "ThaiBulkSMS"): HTTP Basic with the API key and secret, a form-encoded body
 * (`msisdn`, `message`, `sender`, `force`), 201 with the numbers taken and the numbers refused,
 * errors as `{ error: { code, name, description } }`. Shared by the adapter and its simulator.
 */
export const THAIBULKSMS_SEND_PATH = '/sms';

export const ZThaiBulkSmsSent = z.object({
  remaining_credit: z.number(),
  total_use_credit: z.number(),
  credit_type: text(),
  phone_number_list: z.array(z.object({ number: text(), message_id: text(), used_credit: z.number() })),
  bad_phone_number_list: z.array(z.object({ number: text(), message: text() })),
});
export type ThaiBulkSmsSent = z.infer<typeof ZThaiBulkSmsSent>;

export const ZThaiBulkSmsError = z.object({
  error: z.object({ code: z.union([z.number(), text()]), name: text(), description: text() }),
});

/** `0812345678` and `66812345678` name one phone: the local form, to compare numbers. */
export function localThaiNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.startsWith('66') && digits.length === 11 ? `0${digits.slice(2)}` : digits;
}

export function basicAuth(key: string, secret: string): string {
  return `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
}
