import type { RateLimitOptions } from '@fastify/rate-limit';
import type { AccountRulesSource, IpLimitName } from './account-rules.ts';

/** Route config for a per-IP limit whose numbers come from the operator's account rules. */
export function ipRateLimit(rules: AccountRulesSource, name: IpLimitName): RateLimitOptions {
  return {
    max: async () => (await rules.get()).ipLimits[name].max,
    timeWindow: async () => (await rules.get()).ipLimits[name].windowMs,
  };
}
