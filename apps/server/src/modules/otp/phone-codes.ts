import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Clock } from '../../clock.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountRulesSource } from '../auth/account-rules.ts';
import type { SignPurpose, Signer } from '../auth/signer.ts';
import type { OtpChallenge, OtpRepository } from './otp-repository.ts';

export type PhoneCodeDeps = {
  otp: OtpRepository;
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

export type CodeText = (code: string, ref: string, minutes: number) => string;

/**
 * One-time codes sent by SMS to a phone (docs/accounts.md, "Phone codes"), for one purpose
 * (registration, password reset): the code is stored only as an HMAC bound to its challenge and
 * purpose, and the token the client holds is the challenge id signed for that purpose, so it can
 * be neither guessed nor used for another. Every purpose shares the per-phone send limits.
 */
export function createPhoneCodes(deps: PhoneCodeDeps, purpose: Extract<SignPurpose, 'otp' | 'password-reset'>) {
  const { otp, sms, rules, signer, clock, log } = deps;
  const codeContext = (challengeId: string): string => `${purpose}:${challengeId}`;

  return {
    /**
     * Starts a challenge within the send limits and sends its code, unless `send` is false (a
     * phone the purpose must not reveal: the challenge still counts, no SMS goes out).
     */
    async issue(phone: string, text: CodeText, send = true): Promise<{ otpRef: string; otpToken: string }> {
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
      if (send) {
        try {
          await sms.send(phone, text(code, ref, Math.round(r.otpTtlMs / 60_000)));
        } catch (error) {
          // Not sent, so it must not count against the phone's limits.
          await otp.remove(id);
          log.warn({ err: error, purpose }, 'code SMS not sent');
          throw new AppError('OTP_SEND_FAIL');
        }
      }
      return { otpRef: ref, otpToken: signer.sign(purpose, id) };
    },

    /** The challenge whose code this is, after one counted try; refusals in the house's codes. */
    async check(otpToken: string, otpCode: string): Promise<OtpChallenge> {
      const id = signer.verify(purpose, otpToken);
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
      return challenge;
    },
  };
}
