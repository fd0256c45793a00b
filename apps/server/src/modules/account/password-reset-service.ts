import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { TPasswordForgotResponse, TPasswordResetRequest } from '@jetton/contract/account';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Clock } from '../../clock.ts';
import type { MembersTable } from '../../db/tables/accounts.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountRulesSource } from '../auth/account-rules.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { LoginThrottleRepository } from '../auth/login-throttle-repository.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { Signer } from '../auth/signer.ts';
import type { OtpRepository } from '../otp/otp-repository.ts';

type Member = Selectable<MembersTable>;

export type PasswordResetDeps = {
  otp: OtpRepository;
  members: {
    findByPhone(phone: string): Promise<Member | undefined>;
    updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void>;
    setMustChangePassword(id: string, value: boolean, now: Date): Promise<void>;
  };
  auth: AuthService;
  throttle: LoginThrottleRepository;
  sms: SmsSender;
  rules: AccountRulesSource;
  signer: Signer;
  clock: Clock;
  log: FastifyBaseLogger;
};

const REF_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');
const newRef = (): string => Array.from({ length: 4 }, () => REF_LETTERS[randomInt(REF_LETTERS.length)]).join('');

export const PASSWORD_CHANGED_NOTICE = 'Jetton: your password was reset and every device was logged out. Not you? Contact support now.';

/**
 * Forgotten password (docs/accounts.md, "Forgotten password"): a one-time code by SMS to the
 * registered phone, under the same challenges and limits as registration codes. A phone
 * that is not a member's gets the same answer and counts against the same limits, but no
 * SMS is sent, so nobody learns from the answer whether a phone is registered.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { otp, members, auth, throttle, sms, rules, signer, clock, log } = deps;
  const codeContext = (challengeId: string): string => `password-reset:${challengeId}`;

  return {
    async send(phone: string): Promise<TPasswordForgotResponse> {
      const r = await rules.get();
      const now = clock.now();
      const id = uuidV7(now);
      const code = newCode();
      const ref = newRef();
      const outcome = await otp.createWithinLimits(
        {
          id,
          phone,
          ref,
          code_hash: signer.digest(codeContext(id), code),
          created_at: now,
          expires_at: new Date(now.getTime() + r.otpTtlMs),
        },
        { intervalMs: r.otpSendIntervalMs, windowMs: r.otpSendWindowMs, perWindow: r.otpSendsPerWindow },
      );
      if (outcome !== 'ok') throw new AppError(outcome);
      const answer = { otpRef: ref, otpToken: signer.sign('password-reset', id) };
      if (!(await members.findByPhone(phone))) return answer;
      const minutes = Math.round(r.otpTtlMs / 60_000);
      try {
        await sms.send(phone, `Jetton password reset code ${code} (ref ${ref}). Valid ${minutes} minutes. Never share it.`);
      } catch (error) {
        // Not sent, so it must not count against the member's limits.
        await otp.remove(id);
        log.warn({ err: error }, 'password reset SMS not sent');
        throw new AppError('OTP_SEND_FAIL');
      }
      return answer;
    },

    /** Checks the code (same tries and expiry as registration), sets the password, ends every session, tells the member. */
    async reset({ otpToken, otpCode, password }: TPasswordResetRequest): Promise<void> {
      const id = signer.verify('password-reset', otpToken);
      if (!id || !UUID.test(id)) throw new AppError('OTP_TOKEN_INVALID');
      const challenge = await otp.find(id);
      if (!challenge) throw new AppError('OTP_NOT_EXIST');
      if (challenge.verified_at) throw new AppError('OTP_VERIFIED');
      const r = await rules.get();
      if (challenge.tries >= r.otpMaxTries) throw new AppError('OTP_BLOCK');
      if (challenge.expires_at <= clock.now()) throw new AppError('OTP_EXPIRED');
      const tries = await otp.takeTry(id, r.otpMaxTries);
      if (tries === null) throw new AppError('OTP_BLOCK');
      if (!signer.digestMatches(codeContext(id), otpCode, challenge.code_hash)) {
        throw new AppError(tries >= r.otpMaxTries ? 'OTP_BLOCK' : 'OTP_CODE_INVALID');
      }
      // A code for a phone that is no member's was never sent; answer as for a wrong code.
      const member = await members.findByPhone(challenge.phone);
      if (!member) throw new AppError('OTP_CODE_INVALID');
      if (!(await otp.markUsed(id, clock.now()))) throw new AppError('OTP_VERIFIED');
      const now = clock.now();
      await members.updatePasswordHash(member.id, await hashPassword(password), now);
      if (member.must_change_password) await members.setMustChangePassword(member.id, false, now);
      // The phone proved itself: a lockout from the forgotten password ends with it.
      await throttle.clear(member.phone);
      await auth.revokeAll(member.id);
      await sms.send(member.phone, PASSWORD_CHANGED_NOTICE).catch((error: unknown) => {
        log.error({ err: error, memberId: member.id }, 'password reset notice not sent');
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
