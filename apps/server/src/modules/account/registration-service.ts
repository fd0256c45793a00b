import {
  storedCurrency,
  type TMarket,
  type TRegisterRequest,
  type TRegisterResponse,
  type TValidateRequest,
} from '@jetton/contract/account';
import type { Clock } from '../../clock.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { checkBankAccount } from './bank-account-check.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { MemberRepository } from './member-repository.ts';

export type RegistrationDeps = {
  members: MemberRepository;
  /** Whether the phone passed the one-time code recently (otp-service). */
  isPhoneVerified: (phone: string) => Promise<boolean>;
  lookups: LookupService;
  clock: Clock;
  market: TMarket;
  /** A blacklisted account answers INVALID_BANK (docs/operators.md, "Bank-account blacklist"). */
  isBankBlacklisted: (bankCode: string, bankAccountNo: string) => Promise<boolean>;
  /** Whether the phone or bank account is a self-excluded member's, still excluded (docs/player-care.md). */
  isExcluded?: (who: { phone: string; bankCode: string; bankAccountNo: string }, now: Date) => Promise<boolean>;
};

/** Invite codes are `PR<member number>`, any letter case (docs/accounts.md, "Registration"). */
const INVITE_CODE = /^PR(\d{1,18})$/i;

/**
 * Registration (docs/accounts.md, "Registration"): the step-3 check and the final submit. The
 * request arrives already parsed by the contract schema (phone format, names
 * upper-cased, Latin-only names for KTB/TMB/BBL); this holds the rules that
 * need the database or the operator's lookups.
 */
export function createRegistrationService(deps: RegistrationDeps) {
  const { members, lookups, clock, market } = deps;

  async function inviterOf(inviteCode: string | undefined): Promise<string | null> {
    const digits = inviteCode ? INVITE_CODE.exec(inviteCode)?.[1] : undefined;
    // An unknown or malformed code is ignored: a bad link must not block a sign-up.
    return digits ? ((await members.idByMemberNo(BigInt(digits))) ?? null) : null;
  }

  async function knownSource(sourceCode: string | undefined): Promise<string | null> {
    if (!sourceCode) return null;
    const sources = await lookups.get('sources');
    return sources.some((s) => s.code === sourceCode) ? sourceCode : null;
  }

  return {
    async validate(request: TValidateRequest): Promise<void> {
      const who = { phone: request.username, bankCode: '', bankAccountNo: '' };
      if (await deps.isExcluded?.(who, clock.now())) throw new AppError('REGISTRATION_EXCLUDED');
      if (await members.phoneExists(request.username)) throw new AppError('EXISTING_USER');
    },

    async register(request: TRegisterRequest): Promise<TRegisterResponse> {
      const phone = request.username;
      // Before the uniqueness checks: the clearer answer while the owner's exclusion lasts.
      const who = { phone, bankCode: request.bankCode, bankAccountNo: request.bankAccountNo };
      if (await deps.isExcluded?.(who, clock.now())) throw new AppError('REGISTRATION_EXCLUDED');
      if (await members.phoneExists(phone)) throw new AppError('EXISTING_USER');
      if ((await lookups.get('registerOTP')).enabled && !(await deps.isPhoneVerified(phone))) {
        throw new AppError('UNVERIFIED_OTP');
      }
      await checkBankAccount({ members, lookups, isBankBlacklisted: deps.isBankBlacklisted }, request);

      const now = clock.now();
      const id = uuidV7(now);
      const result = await members.insert({
        id,
        name: request.name,
        phone,
        password_hash: await hashPassword(request.password),
        currency: storedCurrency(request.currency, market),
        bank_code: request.bankCode,
        bank_account_name: request.bankAccountName,
        bank_account_no: request.bankAccountNo,
        source_code: await knownSource(request.sourceCode),
        invited_by: await inviterOf(request.inviteCode),
        created_at: now,
        updated_at: now,
      });
      // A concurrent registration can still win the race after the checks above.
      if (!result.ok) throw new AppError(result.conflict === 'phone' ? 'EXISTING_USER' : 'EXISTING_BANK');
      return { _id: id, username: phone };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
