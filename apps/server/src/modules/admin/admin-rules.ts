import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { LOGIN_THROTTLE_FIELDS } from '../auth/login-throttle-rules.ts';
import { createCachedRules, type RulesDeps, type RulesSource } from '../lookup/cached-rules.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The numbers behind operator login and sessions (docs/operators.md,
 * "Sessions"), overridden by the `rules.admin` setting (an owner edits it on the
 * settings screen). An empty allow-list admits any address.
 */
export const ZAdminRules = z.object({
  /** A session with no request for this long ends. */
  idleTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(15 * MINUTE),
  /** A session ends this long after login whatever its activity. */
  sessionMaxMs: z
    .number()
    .int()
    .positive()
    .default(12 * HOUR),
  ...LOGIN_THROTTLE_FIELDS,
  /** Between the password and the code. */
  challengeTtlMs: z
    .number()
    .int()
    .positive()
    .default(5 * MINUTE),
  /** Per client IP, on each login step, on top of the per-login lockout: many logins from one address still stop. */
  loginIpLimit: z
    .object({ max: z.number().int().positive(), windowMs: z.number().int().positive() })
    .prefault({ max: 30, windowMs: MINUTE }),
  /** IPv4/IPv6 addresses or CIDR ranges (`10.0.0.0/8`) the back office answers; empty: any. */
  ipAllowList: z.array(text().trim().min(1).max(64)).max(200).default([]),
});
export type AdminRules = z.infer<typeof ZAdminRules>;
export const ADMIN_RULES_KEY = 'rules.admin';
export type AdminRulesSource = RulesSource<AdminRules>;

export function createAdminRules(deps: RulesDeps): AdminRulesSource {
  return createCachedRules({ key: ADMIN_RULES_KEY, schema: ZAdminRules }, deps);
}
