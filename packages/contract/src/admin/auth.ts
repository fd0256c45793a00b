import { z } from 'zod';
import { text } from '../text.ts';
import { PERMISSION_NAMES, ROLES } from './permissions.ts';

/**
 * Operator login, two-factor codes, sessions and the operators' own account
 * (docs/operators.md, "Login" and "Sessions"). A rule's zod message is its error code.
 */

const required = (max: number) => text().trim().min(1, { error: 'KEY_MISSING' }).max(max, { error: 'KEY_INVALID' });
/** Passwords are never trimmed. */
const password = text().min(1, { error: 'KEY_MISSING' }).max(128, { error: 'KEY_INVALID' });
/** A new operator password: at least 10 characters. */
export const OPERATOR_PASSWORD_MIN = 10;
const newPassword = text().min(OPERATOR_PASSWORD_MIN, { error: 'KEY_INVALID' }).max(128, { error: 'KEY_INVALID' });
/** Six digits from the authenticator app. */
const totpCode = text()
  .trim()
  .regex(/^\d{6}$/, { error: 'OTP_CODE_INVALID' });
/** Recovery codes as shown: `xxxxx-xxxxx` (case and dashes are forgiven). */
const recoveryCode = text().trim().min(10, { error: 'OTP_CODE_INVALID' }).max(32, { error: 'OTP_CODE_INVALID' });

const ZRole = z.enum(ROLES);
const ZPermission = z.enum(PERMISSION_NAMES as [string, ...string[]]);

/** Who is logged in, and what they may do (the app shows only that). */
export const ZOperatorMe = z.object({
  id: text(),
  login: text(),
  name: text(),
  roles: z.array(ZRole),
  permissions: z.array(ZPermission),
  totpEnrolled: z.boolean(),
  /** A reset or first password: every route but the password change answers PASSWORD_CHANGE_REQUIRED. */
  mustChangePassword: z.boolean(),
});
export type TOperatorMe = z.infer<typeof ZOperatorMe>;

/** Step 1: login and password. */
export const ZAdminLoginRequest = z.object({ login: required(64), password });
export type TAdminLoginRequest = z.infer<typeof ZAdminLoginRequest>;

/**
 * What step 1 answers:
 * - `totp`: enter a code (or a recovery code) with the challenge;
 * - `enrol`: first login — scan the QR code (`otpauthUri`), then send a first code with the challenge;
 * - `done`: logged in (only demo operators in the sandbox, whose TOTP is off). The session cookie is set.
 */
export const ZAdminLoginResponse = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp'), challenge: text() }),
  z.object({ step: z.literal('enrol'), challenge: text(), secret: text(), otpauthUri: text(), qrSvg: text() }),
  z.object({ step: z.literal('done'), csrfToken: text(), me: ZOperatorMe }),
]);
export type TAdminLoginResponse = z.infer<typeof ZAdminLoginResponse>;

/** Step 2: a code, or one recovery code (single use). */
export const ZAdminTotpRequest = z.union([
  z.object({ challenge: required(512), code: totpCode }),
  z.object({ challenge: required(512), recoveryCode }),
]);
export type TAdminTotpRequest = z.infer<typeof ZAdminTotpRequest>;

/** Step 2 of a first login: the first code proves the app holds the secret. */
export const ZAdminEnrolRequest = z.object({ challenge: required(512), code: totpCode });
export type TAdminEnrolRequest = z.infer<typeof ZAdminEnrolRequest>;

/** Logged in: the session cookie is set; send `csrfToken` as the X-CSRF-Token header on every non-GET request. */
export const ZAdminSessionResponse = z.object({
  csrfToken: text(),
  me: ZOperatorMe,
  /** Only after enrolment: shown once, never again. */
  recoveryCodes: z.array(text()).optional(),
});
export type TAdminSessionResponse = z.infer<typeof ZAdminSessionResponse>;

export const ZAdminPasswordChange = z.object({ oldPassword: password, newPassword });
export type TAdminPasswordChange = z.infer<typeof ZAdminPasswordChange>;

/** New recovery codes (the old ones stop working); needs a current code. */
export const ZAdminRecoveryRequest = z.object({ code: totpCode });
export const ZAdminRecoveryResponse = z.object({ recoveryCodes: z.array(text()) });

/* Operators, managed by an owner (`operators.manage`). */

export const ZOperator = z.object({
  id: text(),
  login: text(),
  name: text(),
  roles: z.array(ZRole),
  active: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type TOperator = z.infer<typeof ZOperator>;
export const ZOperatorList = z.object({ operators: z.array(ZOperator) });

const login = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, { error: 'KEY_INVALID' });
export const ZOperatorCreate = z.object({
  login,
  name: required(80),
  roles: z.array(ZRole).min(1, { error: 'KEY_MISSING' }),
});
export type TOperatorCreate = z.infer<typeof ZOperatorCreate>;
export const ZOperatorUpdate = z.object({
  name: required(80).optional(),
  roles: z.array(ZRole).min(1, { error: 'KEY_MISSING' }).optional(),
  active: z.boolean().optional(),
});
export type TOperatorUpdate = z.infer<typeof ZOperatorUpdate>;
/** A created or reset operator: the temporary password is shown once; TOTP is enrolled again at next login. */
export const ZOperatorCredentials = z.object({ operator: ZOperator, temporaryPassword: text() });
export type TOperatorCredentials = z.infer<typeof ZOperatorCredentials>;
