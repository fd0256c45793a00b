import type { Selectable } from 'kysely';
import type { TPasswordForgotResponse, TPasswordResetRequest } from '@jetton/contract/account';
import type { MembersTable } from '../../db/tables/accounts.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { LoginThrottleRepository } from '../auth/login-throttle-repository.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { createPhoneCodes, type PhoneCodeDeps } from '../otp/phone-codes.ts';

type Member = Selectable<MembersTable>;

export type PasswordResetDeps = PhoneCodeDeps & {
  members: {
    findByPhone(phone: string): Promise<Member | undefined>;
    updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void>;
    setMustChangePassword(id: string, value: boolean, now: Date): Promise<void>;
  };
  auth: AuthService;
  throttle: LoginThrottleRepository;
};

export const PASSWORD_CHANGED_NOTICE = 'Jetton: your password was reset and every device was logged out. Not you? Contact support now.';

/**
 * Forgotten password (docs/accounts.md, "Forgotten password"): a one-time code by SMS to the
 * registered phone, under the same challenges and limits as registration codes. A phone
 * that is not a member's gets the same answer and counts against the same limits, but no
 * SMS is sent, so nobody learns from the answer whether a phone is registered.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { otp, members, auth, throttle, sms, clock, log } = deps;
  const codes = createPhoneCodes(deps, 'password-reset');

  return {
    async send(phone: string): Promise<TPasswordForgotResponse> {
      const member = await members.findByPhone(phone);
      return codes.issue(
        phone,
        (code, ref, minutes) => `Jetton password reset code ${code} (ref ${ref}). Valid ${minutes} minutes. Never share it.`,
        member !== undefined,
      );
    },

    /** Checks the code (same tries and expiry as registration), sets the password, ends every session, tells the member. */
    async reset({ otpToken, otpCode, password }: TPasswordResetRequest): Promise<void> {
      const challenge = await codes.check(otpToken, otpCode);
      // A code for a phone that is no member's was never sent; answer as for a wrong code.
      const member = await members.findByPhone(challenge.phone);
      if (!member) throw new AppError('OTP_CODE_INVALID');
      if (!(await otp.markUsed(challenge.id, clock.now()))) throw new AppError('OTP_VERIFIED');
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
