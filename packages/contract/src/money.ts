import { z } from 'zod';
import { LIMITS } from './constants.ts';

/**
 * An amount on the wire: a decimal number with at most two decimals, 0..10^12
 * (docs/money.md, "Amounts and currencies"). The server turns it into integer minor units at the
 * edge with `toMinor`; nothing on the server holds money in a float.
 */
export const ZAmount = z
  .number()
  .finite()
  .nonnegative()
  .max(LIMITS.amountMax)
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    message: 'at most two decimals',
  });

/** Decimal units -> integer minor units (exact for values ZAmount accepts). */
export function toMinor(amount: number): bigint {
  return BigInt(Math.round(amount * 100));
}

/** Integer minor units -> decimal units for the wire (exact below 2^53 / 100). */
export function fromMinor(minor: bigint): number {
  return Number(minor) / 100;
}

/** A decimal amount written as text: up to 12 digits, at most two decimals ("100", "100.5", "100.50"). */
export const DECIMAL_TEXT = /^[0-9]{1,12}(\.[0-9]{1,2})?$/;

/** DECIMAL_TEXT -> integer minor units, exact (no float on the way). */
export function decimalToMinor(text: string): bigint {
  const [units = '0', cents = ''] = text.split('.');
  return BigInt(units) * 100n + BigInt(cents.padEnd(2, '0'));
}

/** Integer minor units -> "1234.50", exact: what outside APIs and QR payloads write. */
export function minorToDecimal(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
