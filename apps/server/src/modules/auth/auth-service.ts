import type { Selectable } from 'kysely';
import type { TLoginRequest } from '@jetton/contract/account';
import type { Clock } from '../../clock.ts';
import { gathered } from '../../db/gathered.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import type { MembersTable } from '../../db/tables/accounts.ts';
import type { AccountRulesSource } from './account-rules.ts';
import type { LoginThrottleRepository } from './login-throttle-repository.ts';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.ts';
import { unheardSessionEnds, type SessionEnds } from './session-ends.ts';
import type { SessionLookup, SessionMember, SessionRepository } from './session-repository.ts';
import type { Signer } from './signer.ts';

type Member = Selectable<MembersTable>;

export type AuthDeps = {
  /** What sign-in needs of the members table (the account module's repository provides it). */
  members: {
    findByPhone(phone: string): Promise<Member | undefined>;
    updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void>;
  };
  sessions: SessionRepository;
  throttle: LoginThrottleRepository;
  rules: AccountRulesSource;
  signer: Signer;
  clock: Clock;
  /** Told when a member's sessions end, so their open sockets close (default: nobody listens). */
  ends?: SessionEnds;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Login, sessions and the password check (docs/accounts.md). A token is
 * `<session id>.<expiry, unix s>.<HMAC>`: the signature is checked before any
 * database work, and the sessions row makes every token revocable.
 */
export function createAuthService(deps: AuthDeps) {
  const { members, sessions, throttle, rules, signer, clock } = deps;
  // Every member request reads its session: concurrent ones share one read (db/gathered.ts).
  const findLive = gathered((lookups: SessionLookup[]) => sessions.findLiveMany(lookups));
  const ends = deps.ends ?? unheardSessionEnds;

  async function issueToken(memberId: string): Promise<string> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + (await rules.get()).sessionTtlMs);
    const id = uuidV7(now);
    await sessions.create({ id, memberId, createdAt: now, expiresAt });
    return signer.sign('session', `${id}.${Math.floor(expiresAt.getTime() / 1000)}`);
  }

  /**
   * Checks a member's password under the per-phone lockout: a locked phone is
   * refused (LOGIN_LOCKED with the seconds left) before the hash is even computed;
   * each wrong password counts.
   */
  async function checkPassword(member: Member, password: string): Promise<void> {
    const now = clock.now();
    const lockedUntil = await throttle.lockedUntil(member.phone);
    if (lockedUntil && lockedUntil > now) {
      // The member is told how long the lock lasts (whole seconds, rounded up).
      const retryAfterSeconds = Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
      throw new AppError('LOGIN_LOCKED', undefined, { retryAfterSeconds });
    }
    if (!(await verifyPassword(password, member.password_hash))) {
      const r = await rules.get();
      await throttle.recordFailure(member.phone, clock.now(), {
        windowMs: r.loginFailureWindowMs,
        maxFailures: r.loginMaxFailures,
        lockMs: r.loginLockMs,
      });
      throw new AppError('WRONG_PASSWORD');
    }
    await throttle.clear(member.phone);
  }

  return {
    checkPassword,
    issueToken,

    async login({ username, password }: TLoginRequest): Promise<{ token: string; mustChangePassword?: boolean }> {
      const member = await members.findByPhone(username.trim());
      if (!member) throw new AppError('NO_USER');
      await checkPassword(member, password);
      // After the password, so an account's state is told only to its owner.
      if (member.status !== 'active') throw new AppError('INACTIVE_USER');
      // Parameters rise over time; a login is the one moment the plain password is at hand.
      if (needsRehash(member.password_hash)) await members.updatePasswordHash(member.id, await hashPassword(password), clock.now());
      await sessions.pruneDead(member.id, clock.now());
      const token = await issueToken(member.id);
      return member.must_change_password ? { token, mustChangePassword: true } : { token };
    },

    /** Ends every session of the member, leaving them listed as revoked (password change, operators). */
    async revokeAll(memberId: string): Promise<void> {
      await sessions.revokeAll(memberId, clock.now());
      ends.ended({ kind: 'member', memberId });
    },

    /** Logout: ends every session of the member, on every device, and keeps none. */
    async logout(memberId: string): Promise<void> {
      await sessions.endAll(memberId);
      ends.ended({ kind: 'member', memberId });
    },

    /** The session's member for a bearer token, or null for any bad, expired, revoked or inactive one. */
    async authenticate(token: string): Promise<SessionMember | null> {
      const payload = signer.verify('session', token);
      if (!payload) return null;
      const [id, exp] = payload.split('.');
      if (!id || !UUID.test(id) || !exp || !/^\d+$/.test(exp)) return null;
      const now = clock.now();
      if (Number(exp) * 1000 <= now.getTime()) return null;
      return (await findLive({ sessionId: id, now })) ?? null;
    },

    /** Which of these sessions are still live (the sockets' re-check; one read for many). */
    async liveSessions(sessionIds: readonly string[]): Promise<Set<string>> {
      return sessions.liveIds(sessionIds, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
