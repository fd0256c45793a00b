import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { minorToDecimal } from '@jetton/contract/money';

/**
 * SCB's published Partners API for Thai QR (tag 30) payments, as read on
 * developer.scb (docs/deposits.md, "SCB QR API"): the paths, headers and field
 * names both the adapter and the sandbox's SCB simulator speak.
 */
export const SCB_PATHS = {
  token: '/v1/oauth/token',
  create: '/v1/payment/qrcode/create',
  inquiry: '/v1/payment/billpayment/inquiry',
} as const;

/** SCB's business status code for success, inside `status.code` of every answer. */
export const SCB_SUCCESS = 1000;
/** Event code of a Thai QR tag 30 (customer scans the merchant's QR) payment, for the inquiry. */
export const SCB_EVENT_QR30 = '00300100';
/** ISO 4217 numeric for THB, as SCB writes currencyCode. */
export const SCB_THB = '764';

const ZStatus = z.object({ code: z.number().int(), description: text() });
export type ScbStatus = z.infer<typeof ZStatus>;

/** Every SCB answer: a status, and data on success. */
export const ZScbEnvelope = z.object({ status: ZStatus, data: z.unknown().optional() });

export const ZScbTokenRequest = z.object({ applicationKey: text().min(1), applicationSecret: text().min(1) });
export const ZScbToken = z.object({
  accessToken: text().min(1),
  tokenType: text(),
  expiresIn: z.number().int().positive(),
  /** Unix seconds. */
  expiresAt: z.number().int().positive(),
});

const REF = /^[A-Z0-9]{1,20}$/;
export const ZScbCreateRequest = z.object({
  qrType: z.literal('PP'),
  ppType: z.literal('BILLERID'),
  ppId: text().regex(/^[0-9]{15}$/),
  amount: text().regex(/^[0-9]{1,10}\.[0-9]{2}$/),
  ref1: text().regex(REF),
  ref2: text().regex(REF).optional(),
  ref3: text().regex(REF),
});
export type ScbCreateRequest = z.infer<typeof ZScbCreateRequest>;
export const ZScbCreated = z.object({ qrRawData: text().min(20).max(512), qrImage: text().optional() });

/** The payment confirmation SCB posts to the merchant's registered URL (QR 30 fields). */
export const ZScbConfirmation = z.object({
  payeeProxyId: text(),
  payeeProxyType: text(),
  payeeAccountNumber: text().optional(),
  payeeName: text().optional(),
  payerAccountNumber: text().optional(),
  payerName: text().optional(),
  sendingBankCode: text().optional(),
  receivingBankCode: text().optional(),
  amount: text(),
  transactionId: text().min(1).max(64),
  transactionDateandTime: text(),
  billPaymentRef1: text(),
  billPaymentRef2: text().optional(),
  billPaymentRef3: text().optional(),
  currencyCode: text(),
  channelCode: text().optional(),
  transactionType: text().optional(),
});
export type ScbConfirmation = z.infer<typeof ZScbConfirmation>;

/** What the merchant answers a confirmation with; anything else makes SCB send it again (3 tries, 12 s apart). */
export type ScbConfirmationAnswer = { resCode: string; resDesc: string; transactionId: string };

/** One paid transaction in an inquiry's `data` array. */
export const ZScbInquiryItem = z.object({
  eventCode: text().optional(),
  payeeProxyId: text(),
  amount: text(),
  transactionId: text().min(1),
  transactionDateandTime: text(),
  billPaymentRef1: text(),
  billPaymentRef2: text().optional(),
  currencyCode: text().optional(),
  reverseFlag: text().optional(),
});
export type ScbInquiryItem = z.infer<typeof ZScbInquiryItem>;

/** Minor units -> "100.00", as SCB takes and gives amounts. */
export const scbAmount = minorToDecimal;

/** "100.00" / "100" -> minor units; undefined for anything else (no floats). */
export function scbAmountToMinor(amount: string): bigint | undefined {
  const m = /^([0-9]{1,13})(?:\.([0-9]{1,2}))?$/.exec(amount.trim());
  if (!m) return undefined;
  return BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * Our QR id (a UUID) as SCB's references: ref1 (20 characters) and ref2 (12),
 * upper-case hex, which SCB accepts (A-Z, 0-9) and hands back unchanged in its
 * confirmation; nothing needs storing to find the QR again.
 */
export function qrIdToRefs(qrcodeId: string): { ref1: string; ref2: string } {
  const hex = qrcodeId.replace(/-/g, '').toUpperCase();
  if (!/^[0-9A-F]{32}$/.test(hex)) throw new Error('not a UUID');
  return { ref1: hex.slice(0, 20), ref2: hex.slice(20) };
}

export function refsToQrId(ref1: string, ref2: string | undefined): string | undefined {
  const hex = `${ref1}${ref2 ?? ''}`.toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The calendar day in Bangkok (GMT+7, no daylight saving) of an instant: SCB's transactionDate. */
export function bangkokDate(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}
