import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TOtpSendResponse, TOtpVerifyRequest } from '@jetton/contract/account';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Clock } from '../../clock.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountRulesSource } from '../auth/account-rules.ts';
import type { Signer } from '../auth/signer.ts';
import type { OtpRepository } from './otp-repository.ts';

export type OtpDeps = {
  otp: OtpRepository;
  /** Whether a phone belongs to a member already (the account module's repository answers). */
  members: { phoneExists(phone: string): Promise<boolean> };
  sms: SmsSender;
  rules: AccountRulesSource;
  signer: Signer;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** Letters that cannot be misread for digits (no I, O). */
const REF_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');
const newRef = (): string => Array.from({ length: 4 }, () => REF_LETTERS[randomInt(REF_LETTERS.length)]).join('');

/**
 * Phone confirmation by one-time code (docs/accounts.md, "Phone codes"). The code is sent by
 * SMS and stored only as an HMAC; the otpToken the client holds is the
 * challenge id, signed, so it cannot be guessed or forged.
 */
export function createOtpService(deps: OtpDeps) {
  const { otp, members, sms, rules, signer, clock } = deps;
  const codeContext = (challengeId: string): string => `otp:${challengeId}`;

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
      const minutes = Math.round(r.otpTtlMs / 60_000);
      try {
        await sms.send(phone, `Jetton code ${code} (ref ${ref}). Valid ${minutes} minutes.`);
      } catch (error) {
        // Not sent, so it must not count against the member's limits.
        await otp.remove(id);
        deps.log.warn({ err: error }, 'OTP SMS not sent');
        throw new AppError('OTP_SEND_FAIL');
      }
      return { otpRef: ref, otpToken: signer.sign('otp', id), code: 'OTP_SENT' };
    },

    async verify({ otpToken, otpCode }: TOtpVerifyRequest): Promise<{ code: 'OTP_CODE_VALID' }> {
      const id = signer.verify('otp', otpToken);
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
        // The last allowed wrong try blocks the challenge at once; say so now.
        throw new AppError(tries >= r.otpMaxTries ? 'OTP_BLOCK' : 'OTP_CODE_INVALID');
      }
      if (!(await otp.markVerified(id, challenge.phone, clock.now()))) throw new AppError('OTP_VERIFIED');
      return { code: 'OTP_CODE_VALID' };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
