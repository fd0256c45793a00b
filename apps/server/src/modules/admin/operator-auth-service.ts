import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { permissionsOf } from '@jetton/contract/admin/permissions';
import type { TAdminLoginResponse, TAdminSessionResponse, TOperatorMe } from '@jetton/contract/admin/auth';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import type { LoginThrottleRepository } from '../auth/login-throttle-repository.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import type { SessionEnds } from '../auth/session-ends.ts';
import type { Signer } from '../auth/signer.ts';
import type { AdminRulesSource } from './admin-rules.ts';
import type { AuditWriter } from './audit-log.ts';
import type { OperatorRepository, OperatorRow, SessionOperator } from './operator-repository.ts';
import { checkTotp, enrolmentPayload, newTotpSecret, type TotpBox } from './totp.ts';

export type OperatorAuthDeps = {
  db: Kysely<DB>;
  operators: OperatorRepository;
  throttle: LoginThrottleRepository;
  rules: AdminRulesSource;
  signer: Signer;
  totpBox: TotpBox;
  clock: Clock;
  audit: AuditWriter;
  /** Demo operators skip the code only while the sandbox is on. */
  sandbox: boolean;
  /** Told when sessions end (logout, password change), so their open sockets close. */
  ends: SessionEnds;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** How many recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** Session writes are coalesced: the idle clock restarts at most this often. */
const TOUCH_EVERY_MS = 15_000;
/** Lockout counts live in login_throttle beside members', under their own key space. */
const throttleKey = (login: string) => `operator:${login}`;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
/** Case, spaces and dashes do not matter when a recovery code is typed back. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Temporary passwords for new and reset operators: 14 characters, no look-alikes. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 14; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

export function operatorMe(
  op: Pick<SessionOperator, 'operatorId' | 'login' | 'name' | 'roles' | 'mustChangePassword' | 'totpEnrolled'>,
): TOperatorMe {
  return {
    id: op.operatorId,
    login: op.login,
    name: op.name,
    roles: op.roles,
    permissions: [...permissionsOf(op.roles)],
    totpEnrolled: op.totpEnrolled,
    mustChangePassword: op.mustChangePassword,
  };
}

const sessionOperatorOf = (row: OperatorRow, sessionId: string): SessionOperator => ({
  sessionId,
  operatorId: row.id,
  login: row.login,
  name: row.name,
  roles: row.roles,
  mustChangePassword: row.must_change_password,
  totpEnrolled: row.totp_enrolled_at !== null,
});

/**
 * Operator login in two steps (password, then a TOTP or recovery code), the
 * first-login enrolment, sessions and the operator's own password
 * (docs/operators.md, "Login" and "Sessions"). The session token is
 * `<session id>.<HMAC>` in an httpOnly cookie; the CSRF token is an HMAC of the
 * session id, so it is never stored and a page reload can ask for it again.
 */
export function createOperatorAuthService(deps: OperatorAuthDeps) {
  const { db, operators, throttle, rules, signer, totpBox, clock, ends, audit } = deps;

  async function failure(login: string, operatorId: string | null, ip: string | null, reason: string): Promise<void> {
    const r = await rules.get();
    const now = clock.now();
    await throttle.recordFailure(throttleKey(login), now, {
      windowMs: r.loginFailureWindowMs,
      maxFailures: r.loginMaxFailures,
      lockMs: r.loginLockMs,
    });
    await audit(db, { operatorId, action: 'auth.login-failed', after: { login, reason }, ip, at: now });
  }

  async function refuseWhenLocked(login: string): Promise<void> {
    const lockedUntil = await throttle.lockedUntil(throttleKey(login));
    if (lockedUntil && lockedUntil > clock.now()) throw new AppError('REQUEST_LIMIT');
  }

  function challengeFor(operatorId: string, kind: 'totp' | 'enrol', ttlMs: number): string {
    const exp = Math.floor((clock.now().getTime() + ttlMs) / 1000);
    return signer.sign('admin-challenge', `${operatorId}.${kind}.${exp}`);
  }

  /** The operator a challenge names, when it is genuine, of that kind and not expired. */
  async function operatorOfChallenge(challenge: string, kind: 'totp' | 'enrol'): Promise<OperatorRow> {
    const payload = signer.verify('admin-challenge', challenge);
    const [id, k, exp] = payload?.split('.') ?? [];
    if (!id || !UUID.test(id) || k !== kind || !exp || !/^\d+$/.test(exp)) throw new AppError('OTP_TOKEN_INVALID');
    if (Number(exp) * 1000 <= clock.now().getTime()) throw new AppError('OTP_EXPIRED');
    const op = await operators.byId(id);
    if (!op) throw new AppError('OTP_TOKEN_INVALID');
    if (!op.active) throw new AppError('INACTIVE_USER');
    return op;
  }

  async function openSession(
    op: OperatorRow,
    ip: string | null,
    action: string,
  ): Promise<{ token: string; session: TAdminSessionResponse }> {
    const now = clock.now();
    const r = await rules.get();
    const id = uuidV7(now);
    await operators.createSession({ id, operatorId: op.id, ip, now, expiresAt: new Date(now.getTime() + r.sessionMaxMs) });
    await operators.update(op.id, { lastLoginAt: now }, now);
    await throttle.clear(throttleKey(op.login));
    await audit(db, { operatorId: op.id, action, ip, at: now });
    const fresh = (await operators.byId(op.id)) ?? op;
    return {
      token: signer.sign('admin-session', id),
      session: { csrfToken: csrfTokenOf(id), me: operatorMe(sessionOperatorOf(fresh, id)) },
    };
  }

  function csrfTokenOf(sessionId: string): string {
    return signer.digest('admin-csrf', sessionId);
  }

  async function newRecoveryCodes(operatorId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await operators.replaceRecoveryCodes(
      operatorId,
      codes.map((code) => signer.digest(`admin-recovery:${operatorId}`, normalizeRecoveryCode(code))),
    );
    return codes;
  }

  /** A current code of an enrolled operator, once (its time step is claimed). */
  async function acceptCode(op: OperatorRow, code: string): Promise<boolean> {
    if (!op.totp_secret_sealed) return false;
    const step = await checkTotp(
      totpBox.open(op.totp_secret_sealed),
      code,
      clock.now(),
      op.totp_last_step === null ? null : Number(op.totp_last_step),
    );
    return step !== null && (await operators.claimTotpStep(op.id, step));
  }

  return {
    csrfTokenOf,

    /** Step 1. A wrong login and a wrong password answer alike, and both count toward the lockout. */
    async login(input: { login: string; password: string }, ip: string | null): Promise<{ answer: TAdminLoginResponse; token?: string }> {
      const login = input.login.trim().toLowerCase();
      await refuseWhenLocked(login);
      const op = await operators.byLogin(login);
      if (!op || !(await verifyPassword(input.password, op.password_hash))) {
        await failure(login, op?.id ?? null, ip, 'password');
        throw new AppError('WRONG_CREDENTIAL');
      }
      if (!op.active) throw new AppError('INACTIVE_USER');
      const r = await rules.get();
      if (deps.sandbox && op.totp_exempt) {
        const { token, session } = await openSession(op, ip, 'auth.login');
        return { answer: { step: 'done', csrfToken: session.csrfToken, me: session.me }, token };
      }
      if (op.totp_enrolled_at) return { answer: { step: 'totp', challenge: challengeFor(op.id, 'totp', r.challengeTtlMs) } };
      // First login (or after a reset): a new secret, kept sealed until the first code proves the app holds it.
      const secret = newTotpSecret();
      await operators.update(op.id, { totpSecretSealed: totpBox.seal(secret), totpLastStep: null }, clock.now());
      const { otpauthUri, qrSvg } = await enrolmentPayload(secret, op.login);
      return { answer: { step: 'enrol', challenge: challengeFor(op.id, 'enrol', r.challengeTtlMs), secret, otpauthUri, qrSvg } };
    },

    /** Step 2: a TOTP code, or a recovery code (each works once). Wrong codes count toward the lockout. */
    async totp(
      input: { challenge: string; code?: string; recoveryCode?: string },
      ip: string | null,
    ): Promise<{ token: string; session: TAdminSessionResponse }> {
      const op = await operatorOfChallenge(input.challenge, 'totp');
      await refuseWhenLocked(op.login);
      let ok = false;
      if (input.code !== undefined) ok = await acceptCode(op, input.code);
      else if (input.recoveryCode !== undefined)
        ok = await operators.useRecoveryCode(
          op.id,
          signer.digest(`admin-recovery:${op.id}`, normalizeRecoveryCode(input.recoveryCode)),
          clock.now(),
        );
      if (!ok) {
        await failure(op.login, op.id, ip, input.code !== undefined ? 'totp' : 'recovery-code');
        throw new AppError('OTP_CODE_INVALID');
      }
      return openSession(op, ip, input.code !== undefined ? 'auth.login' : 'auth.login-recovery-code');
    },

    /** First login: the first code enrols the app; recovery codes are handed out once, here. */
    async enrol(input: { challenge: string; code: string }, ip: string | null): Promise<{ token: string; session: TAdminSessionResponse }> {
      const op = await operatorOfChallenge(input.challenge, 'enrol');
      await refuseWhenLocked(op.login);
      if (op.totp_enrolled_at || !(await acceptCode(op, input.code))) {
        await failure(op.login, op.id, ip, 'enrol');
        throw new AppError('OTP_CODE_INVALID');
      }
      await operators.update(op.id, { totpEnrolledAt: clock.now() }, clock.now());
      const recoveryCodes = await newRecoveryCodes(op.id);
      await audit(db, { operatorId: op.id, action: 'auth.totp-enrolled', ip, at: clock.now() });
      const { token, session } = await openSession({ ...op, totp_enrolled_at: clock.now() }, ip, 'auth.login');
      return { token, session: { ...session, recoveryCodes } };
    },

    /** The operator of a session token, or null (bad, revoked, expired, idle too long, operator disabled). */
    async authenticate(token: string): Promise<SessionOperator | null> {
      const id = signer.verify('admin-session', token);
      if (!id || !UUID.test(id)) return null;
      const now = clock.now();
      const r = await rules.get();
      const found = await operators.findLiveSession(id, now, new Date(now.getTime() - r.idleTimeoutMs));
      if (!found) return null;
      const { lastSeenAt, ...op } = found;
      if (now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS) await operators.touchSession(id, now);
      return op;
    },

    /**
     * Of these sessions, the live ones with their operator's roles, by the rule of authenticate
     * but without restarting the idle clock: a socket's re-check is not the operator at work.
     */
    async liveSessions(sessionIds: readonly string[]) {
      const now = clock.now();
      const r = await rules.get();
      return operators.liveSessions(sessionIds, now, new Date(now.getTime() - r.idleTimeoutMs));
    },

    async logout(op: SessionOperator, ip: string | null): Promise<void> {
      await operators.revokeSession(op.sessionId, clock.now());
      ends.ended({ kind: 'operator-session', sessionId: op.sessionId });
      await audit(db, { operatorId: op.operatorId, action: 'auth.logout', ip, at: clock.now() });
    },

    /** The operator's own password; their other sessions end. The old password counts toward the lockout. */
    async changePassword(
      op: SessionOperator,
      input: { oldPassword: string; newPassword: string },
      ip: string | null,
    ): Promise<TOperatorMe> {
      await refuseWhenLocked(op.login);
      const row = await operators.byId(op.operatorId);
      if (!row || !(await verifyPassword(input.oldPassword, row.password_hash))) {
        await failure(op.login, op.operatorId, ip, 'password-change');
        throw new AppError('WRONG_PASSWORD');
      }
      if (input.oldPassword === input.newPassword) throw new AppError('KEY_INVALID');
      const now = clock.now();
      await operators.update(op.operatorId, { passwordHash: await hashPassword(input.newPassword), mustChangePassword: false }, now);
      await operators.revokeAllSessions(op.operatorId, now, op.sessionId);
      ends.ended({ kind: 'operator', operatorId: op.operatorId, exceptSessionId: op.sessionId });
      await audit(db, { operatorId: op.operatorId, action: 'auth.password-changed', ip, at: now });
      return operatorMe({ ...op, mustChangePassword: false });
    },

    /** New recovery codes for an enrolled operator who proves a current code; the old ones stop working. */
    async regenerateRecoveryCodes(op: SessionOperator, code: string, ip: string | null): Promise<string[]> {
      const row = await operators.byId(op.operatorId);
      if (!row?.totp_enrolled_at || !(await acceptCode(row, code))) {
        await failure(op.login, op.operatorId, ip, 'recovery-codes');
        throw new AppError('OTP_CODE_INVALID');
      }
      const codes = await newRecoveryCodes(op.operatorId);
      await audit(db, { operatorId: op.operatorId, action: 'auth.recovery-codes-renewed', ip, at: clock.now() });
      return codes;
    },
  };
}

export type OperatorAuthService = ReturnType<typeof createOperatorAuthService>;
