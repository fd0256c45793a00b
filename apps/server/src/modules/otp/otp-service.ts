import type { TOtpSendResponse, TOtpVerifyRequest } from '@jetton/contract/account';
import { AppError } from '../../http/app-error.ts';
import { createPhoneCodes, type PhoneCodeDeps } from './phone-codes.ts';

export type OtpDeps = PhoneCodeDeps & {
  /** Whether a phone belongs to a member already (the account module's repository answers). */
  members: { phoneExists(phone: string): Promise<boolean> };
};

/** Phone confirmation at registration by one-time code (docs/accounts.md, "Phone codes"). */
export function createOtpService(deps: OtpDeps) {
  const { otp, members, rules, clock } = deps;
  const codes = createPhoneCodes(deps, 'otp');

  async function isVerified(phone: string): Promise<boolean> {
    const at = await otp.verifiedAt(phone);
    return at !== null && at.getTime() > clock.now().getTime() - (await rules.get()).otpVerifiedValidMs;
  }

  return {
    isVerified,

    async send(phone: string): Promise<TOtpSendResponse> {
      // A registered number needs no code: say so before an SMS is paid for.
      if (await members.phoneExists(phone)) throw new AppError('EXISTING_USER');
      if (await isVerified(phone)) return { otpRef: '', otpToken: '', code: 'OTP_VERIFIED' };
      const sent = await codes.issue(phone, (code, ref, minutes) => `Jetton code ${code} (ref ${ref}). Valid ${minutes} minutes.`);
      return { ...sent, code: 'OTP_SENT' };
    },

    async verify({ otpToken, otpCode }: TOtpVerifyRequest): Promise<{ code: 'OTP_CODE_VALID' }> {
      const challenge = await codes.check(otpToken, otpCode);
      if (!(await otp.markVerified(challenge.id, challenge.phone, clock.now()))) throw new AppError('OTP_VERIFIED');
      return { code: 'OTP_CODE_VALID' };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
