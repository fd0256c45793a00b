import { bayParser, bcelParser, gsbParser, ldbParser, ttbParser } from './more-sms-parsers.ts';
import type { ParsedCreditSms, SmsParser } from './sms-fields.ts';
import { bblParser, kbankParser, ktbParser, scbParser } from './thai-sms-parsers.ts';

/** Every bank whose credit SMS the site reads, by the bank code of the site account. */
export const SMS_PARSERS: Record<string, SmsParser> = {
  KBANK: kbankParser,
  SCB: scbParser,
  KTB: ktbParser,
  BBL: bblParser,
  BAY: bayParser,
  GSB: gsbParser,
  TMB: ttbParser,
  BCEL: bcelParser,
  LDB: ldbParser,
};

/**
 * Reads an SMS of the bank that holds the site account: the credit, 'not-credit'
 * (a debit, an OTP: nothing came in), or null when no parser understands it (kept raw for a person).
 */
export function parseCreditSms(siteBank: string, text: string, receivedAt: Date): ParsedCreditSms | 'not-credit' | null {
  const parser = SMS_PARSERS[siteBank];
  if (!parser || text.length > 1_000) return null;
  return parser.parse(text.replace(/\r?\n/g, ' '), receivedAt);
}
