import { z } from 'zod';
import { LOGIN_THROTTLE_FIELDS } from './login-throttle-rules.ts';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const ZIpLimit = z.object({ max: z.number().int().positive(), windowMs: z.number().int().positive() });

/**
 * The numbers behind accounts and sessions (docs/accounts.md). Defaults, which
 * `rules.accounts` overrides (createCachedRules). Nothing else in the accounts
 * code holds a limit literal.
 */
export const ZAccountRules = z.object({
  sessionTtlMs: z
    .number()
    .int()
    .positive()
    .default(7 * 24 * HOUR),
  ...LOGIN_THROTTLE_FIELDS,
  otpTtlMs: z
    .number()
    .int()
    .positive()
    .default(5 * MINUTE),
  otpMaxTries: z.number().int().positive().default(5),
  otpSendIntervalMs: z.number().int().positive().default(MINUTE),
  otpSendsPerWindow: z.number().int().positive().default(5),
  otpSendWindowMs: z.number().int().positive().default(HOUR),
  /** How long a verified phone may register without a new code (a number can change hands). */
  otpVerifiedValidMs: z
    .number()
    .int()
    .positive()
    .default(24 * HOUR),
  /** Per client IP, on top of the per-phone limits: a bot rotating phone numbers still stops. */
  ipLimits: z
    .object({
      otpSend: ZIpLimit.default({ max: 10, windowMs: 10 * MINUTE }),
      otpVerify: ZIpLimit.default({ max: 30, windowMs: 10 * MINUTE }),
      login: ZIpLimit.default({ max: 30, windowMs: MINUTE }),
      register: ZIpLimit.default({ max: 20, windowMs: 10 * MINUTE }),
    })
    // prefault: an absent or partial override is parsed, so each missing limit takes its default.
    .prefault({}),
});
export type AccountRules = z.infer<typeof ZAccountRules>;
export type IpLimitName = keyof AccountRules['ipLimits'];

export const ACCOUNT_RULES_KEY = 'rules.accounts';

export type AccountRulesSource = RulesSource<AccountRules>;

export function createAccountRules(deps: RulesDeps): AccountRulesSource {
  return createCachedRules({ key: ACCOUNT_RULES_KEY, schema: ZAccountRules }, deps);
}
