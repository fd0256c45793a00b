import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const ZIpLimit = z.object({ max: z.number().int().positive(), windowMs: z.number().int().positive() });

/**
 * The numbers behind accounts and sessions (domain rules section 10). These are
 * defaults: an operator overrides any of them in the settings table under
 * `rules.accounts` (a partial object), and every node picks it up within
 * CACHE_TTL_MS. Nothing else in the accounts code holds a limit literal.
 */
export const ZAccountRules = z.object({
  sessionTtlMs: z.number().int().positive().default(7 * 24 * HOUR),
  loginMaxFailures: z.number().int().positive().default(5),
  loginFailureWindowMs: z.number().int().positive().default(15 * MINUTE),
  loginLockMs: z.number().int().positive().default(15 * MINUTE),
  otpTtlMs: z.number().int().positive().default(5 * MINUTE),
  otpMaxTries: z.number().int().positive().default(5),
  otpSendIntervalMs: z.number().int().positive().default(MINUTE),
  otpSendsPerWindow: z.number().int().positive().default(5),
  otpSendWindowMs: z.number().int().positive().default(HOUR),
  /** How long a verified phone may register without a new code (a number can change hands). */
  otpVerifiedValidMs: z.number().int().positive().default(24 * HOUR),
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
const CACHE_TTL_MS = 5_000;

export const DEFAULT_ACCOUNT_RULES: AccountRules = ZAccountRules.parse({});

/** Reads the rules with a short per-node cache; a malformed override falls back to the defaults, logged. */
export function createAccountRules(deps: { settings: SettingsRepository; clock: Clock; onInvalid: (issues: unknown) => void }) {
  let cached: { rules: AccountRules; expiresAt: number } | undefined;
  return {
    async get(): Promise<AccountRules> {
      const now = deps.clock.now().getTime();
      if (cached && cached.expiresAt > now) return cached.rules;
      const stored = (await deps.settings.get(ACCOUNT_RULES_KEY)) ?? {};
      const parsed = ZAccountRules.safeParse(stored);
      if (!parsed.success) deps.onInvalid(parsed.error.issues);
      cached = { rules: parsed.success ? parsed.data : DEFAULT_ACCOUNT_RULES, expiresAt: now + CACHE_TTL_MS };
      return cached.rules;
    },
  };
}
export type AccountRulesSource = ReturnType<typeof createAccountRules>;
