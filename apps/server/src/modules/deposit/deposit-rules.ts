import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

const HHMM = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * The numbers behind deposits (docs/deposits.md). Defaults, which
 * `rules.deposit` overrides (createCachedRules).
 */
export const ZDepositRules = z.object({
  /** Daily window (site time zone) in which slip upload is closed; `from` > `to` spans midnight. */
  slipClosedFrom: HHMM.default('23:50'),
  slipClosedTo: HHMM.default('00:10'),
  /** Upload refused while the member has MORE than this many slips processing. */
  maxProcessingSlips: z.number().int().nonnegative().default(3),
  /** A slip older than this (transfer time to upload time) is EXPIRED_SLIP. */
  slipMaxAgeMs: z
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
  /** Pixel bounds of an upload: a bank slip is a phone screenshot, not a poster. */
  slipMaxSide: z.number().int().positive().default(8_000),
  slipMaxPixels: z.number().int().positive().default(16_000_000),
  /** Transport failures at the bank are retried this many times before UNKNOW_ERROR. */
  slipVerifyAttempts: z.number().int().positive().default(3),
  /** Lifetime of a QR deposit. */
  qrExpireSeconds: z.number().int().positive().default(600),
  /** Pause between passes of the QR expiry job (modules/deposit/qr-expiry-job.ts). */
  qrExpiryIntervalMs: z.number().int().positive().default(60_000),
  /**
   * The job marks a QR expired this long after its expiry, not at once: a
   * callback for a payment made in time that arrives late still finds it open
   * and credits (the gateway's signed payment time decides).
   */
  qrExpiryGraceMs: z
    .number()
    .int()
    .nonnegative()
    .default(5 * 60_000),
  /** QRs per UPDATE of the expiry job; a backlog goes in several short statements. */
  qrExpiryBatch: z.number().int().positive().max(10_000).default(500),
  /** How long a slip image link stays valid. */
  slipLinkTtlMs: z
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
});
export type DepositRules = z.infer<typeof ZDepositRules>;

export const DEPOSIT_RULES_KEY = 'rules.deposit';

export type DepositRulesSource = RulesSource<DepositRules>;

export function createDepositRules(deps: RulesDeps): DepositRulesSource {
  return createCachedRules({ key: DEPOSIT_RULES_KEY, schema: ZDepositRules }, deps);
}
