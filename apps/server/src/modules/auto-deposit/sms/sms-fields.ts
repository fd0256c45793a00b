import { decimalToMinor } from '@jetton/contract/money';
import { DAY_MS, HOUR_MS, MINUTE_MS, siteDay, siteDayStart } from '@jetton/contract/site-time';

/** What a bank's credit SMS says about one incoming transfer. */
export type ParsedCreditSms = {
  /** The bank that sent the SMS: the site account's bank. */
  bank: string;
  amount: bigint;
  occurredAt: Date;
  /** The site account as the SMS masks it, when shown. */
  siteDigits: string | null;
  /** The sender's bank as a member registers it (KBANK, SCB, TMB...), when shown. */
  senderBank: string | null;
  senderDigits: string | null;
  senderName: string | null;
  /** The bank's transaction reference, for the banks that print one. */
  reference: string | null;
};

/** A parser answers the credit it read, 'not-credit' for an SMS it knows that moves no money in, or null when it cannot read it. */
export type SmsParser = { bank: string; parse: (text: string, receivedAt: Date) => ParsedCreditSms | 'not-credit' | null };

/** "1,234.50" / "500" -> minor units; null when not an amount. */
export function amountOf(text: string | undefined): bigint | null {
  if (!text) return null;
  const plain = text.replace(/,/g, '');
  if (!/^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(plain)) return null;
  const minor = decimalToMinor(plain);
  return minor > 0n ? minor : null;
}

/**
 * A two-digit year: KBANK and Krungsri print the Buddhist era ("68" = 2568 = 2025),
 * ttb and Krungthai the Christian one ("25" = 2025). The two readings lie 43 years
 * apart, so the one nearer the phone's clock is the bank's.
 */
function twoDigitYear(yy: number, thisYear: number): number {
  const buddhist = 2500 + yy - 543;
  const christian = 2000 + yy;
  return Math.abs(buddhist - thisYear) <= Math.abs(christian - thisYear) ? buddhist : christian;
}

/**
 * A day and time as Thai and Lao banks print them, in the site's time zone (both
 * countries keep the same clock): "28/11/68" (2 digits, either era), "28/11/2568",
 * "28/11/2025", "28-11-25" or "28/11" (this year); "10:15" or "10.15".
 */
export function bankTime(date: string, time: string, receivedAt: Date): Date | null {
  const d = /^(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2}|\d{4}))?$/.exec(date.trim());
  const t = /^(\d{1,2})[:.](\d{2})$/.exec(time.trim());
  if (!d || !t) return null;
  const [, day, month, yearText] = d;
  const thisYear = Number(siteDay(receivedAt).slice(0, 4));
  let year: number;
  if (yearText === undefined) year = thisYear;
  else if (yearText.length === 2) year = twoDigitYear(Number(yearText), thisYear);
  else year = Number(yearText) > 2400 ? Number(yearText) - 543 : Number(yearText);
  const iso = `${String(year).padStart(4, '0')}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  if (!/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(iso) || Number(t[1]) > 23) return null;
  const start = siteDayStart(iso);
  // 31/02 is no day: the calendar must give the same day back.
  if (Number.isNaN(start.getTime()) || siteDay(start) !== iso) return null;
  let at = new Date(start.getTime() + Number(t[1]) * HOUR_MS + Number(t[2]) * MINUTE_MS);
  // No year printed, and the day is ahead of us: it was last year (an SMS from 31/12 read on 1/1).
  if (yearText === undefined && at.getTime() - receivedAt.getTime() > DAY_MS) {
    at = bankTime(`${day}/${month}/${thisYear - 1}`, time, receivedAt) ?? at;
  }
  return at;
}

/**
 * The sending bank as SMS abbreviate it (SCB writes KBNK, BBLA, KTBA...), as the
 * code members register with; null when unknown.
 */
export function senderBankCode(shown: string | undefined): string | null {
  if (!shown) return null;
  const code = shown.trim().toUpperCase();
  const aliases: Record<string, string> = {
    KBNK: 'KBANK',
    KBANK: 'KBANK',
    'K-BANK': 'KBANK',
    กสิกร: 'KBANK',
    SCB: 'SCB',
    SCBA: 'SCB',
    ไทยพาณิชย์: 'SCB',
    KTB: 'KTB',
    KTBA: 'KTB',
    กรุงไทย: 'KTB',
    BBL: 'BBL',
    BBLA: 'BBL',
    กรุงเทพ: 'BBL',
    BAY: 'BAY',
    BAYA: 'BAY',
    กรุงศรี: 'BAY',
    GSB: 'GSB',
    GSBA: 'GSB',
    ออมสิน: 'GSB',
    TTB: 'TMB',
    TTBA: 'TMB',
    TMB: 'TMB',
    TMBA: 'TMB',
    BAAC: 'BAAC',
    'ธ.ก.ส.': 'BAAC',
    BCEL: 'BCEL',
    LDB: 'LDB',
    JDB: 'JDB',
    APB: 'APB',
  };
  return aliases[code] ?? null;
}

/** The name as printed, trimmed; null when absent. */
export function nameOf(text: string | undefined): string | null {
  const name = text?.replace(/\s+/g, ' ').trim();
  return name ? name : null;
}
