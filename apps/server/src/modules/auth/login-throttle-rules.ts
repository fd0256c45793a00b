import { z } from 'zod';
import { MINUTE_MS } from '@jetton/contract/site-time';

/**
 * The login throttle's numbers, the same rule for members (rules.accounts) and
 * operators (rules.admin): after loginMaxFailures failed logins within
 * loginFailureWindowMs the login is locked for loginLockMs (docs/accounts.md,
 * "Login and lockout"). Each rules schema spreads these fields into its own.
 */
export const LOGIN_THROTTLE_FIELDS = {
  loginMaxFailures: z.number().int().positive().default(5),
  loginFailureWindowMs: z
    .number()
    .int()
    .positive()
    .default(15 * MINUTE_MS),
  loginLockMs: z
    .number()
    .int()
    .positive()
    .default(15 * MINUTE_MS),
};
