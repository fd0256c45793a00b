import type {
  TBankAccount,
  TBankAccountNameRequest,
  TChangePasswordRequest,
  TProfileResponse,
  TProfileUpdateRequest,
} from '@jetton/contract/account';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { Member, MemberRepository } from './member-repository.ts';

export type ProfileDeps = {
  members: MemberRepository;
  auth: AuthService;
  lookups: LookupService;
  clock: Clock;
  /** A blacklisted account answers INVALID_BANK (docs/operators.md, "Bank-account blacklist"). */
  isBankBlacklisted?: (bankCode: string, bankAccountNo: string) => Promise<boolean>;
};

/**
 * The logged-in member's own data. Every method takes the member id from the
 * session (memberOf(request)), never from the request, so a member can only
 * ever read or change their own row (docs/accounts.md, "The member guard").
 */
export function createProfileService(deps: ProfileDeps) {
  const { members, auth, lookups, clock } = deps;

  async function load(memberId: string): Promise<Member> {
    const member = await members.findById(memberId);
    // The guard saw the session a moment ago; a vanished member is a dead session.
    if (!member) throw new AppError('invalid-token');
    return member;
  }

  async function requireKnownBank(bankCode: string): Promise<{ nameTH: string }> {
    const bank = (await lookups.get('banks')).find((b) => b.code === bankCode);
    if (!bank) throw new AppError('INVALID_BANK');
    return bank;
  }

  return {
    async profile(memberId: string): Promise<TProfileResponse> {
      const m = await load(memberId);
      const memberNo = Number(m.member_no);
      return { _id: m.id, name: m.name, username: m.phone, createdAt: m.created_at.toISOString(), coin: m.coin, memberNo, inviteCode: `PR${memberNo}` };
    },

    /** The member's bank account for the profile screen and the wallet summary. */
    async bankAccount(memberId: string): Promise<TBankAccount> {
      const m = await load(memberId);
      const bank = (await lookups.get('banks')).find((b) => b.code === m.bank_code);
      // A bank the operator removed from the list still shows, by its code.
      const names = bank ? { nameTH: bank.nameTH, nameLA: bank.nameLA, nameEN: bank.nameEN } : { nameTH: m.bank_code, nameLA: m.bank_code, nameEN: m.bank_code };
      return { bankAccountName: m.bank_account_name, bankAccountNo: m.bank_account_no, bankCode: m.bank_code, bank: names };
    },

    async updateProfile(memberId: string, request: TProfileUpdateRequest): Promise<void> {
      await load(memberId);
      await requireKnownBank(request.bankCode);
      if (await deps.isBankBlacklisted?.(request.bankCode, request.bankAccountNo)) throw new AppError('INVALID_BANK');
      const owner = await members.bankAccountOwner(request.bankCode, request.bankAccountNo);
      if (owner && owner !== memberId) throw new AppError('EXISTING_BANK');
      const result = await members.updateProfile(
        memberId,
        { name: request.name, bank_code: request.bankCode, bank_account_name: request.bankAccountName, bank_account_no: request.bankAccountNo },
        clock.now(),
      );
      if (!result.ok) throw new AppError('EXISTING_BANK');
    },

    /** Only the name of the member's own Latin-name bank account (the schema checked bank and letters). */
    async updateBankAccountName(memberId: string, request: TBankAccountNameRequest): Promise<void> {
      const member = await load(memberId);
      if (member.bank_code !== request.bankCode) throw new AppError('INVALID_BANK');
      await members.updateBankAccountName(memberId, request.bankAccountName, clock.now());
    },

    /** Ends every session (docs/accounts.md, "Passwords") and answers a fresh token for the device that asked. */
    async changePassword(memberId: string, request: TChangePasswordRequest): Promise<{ token: string }> {
      const member = await load(memberId);
      await auth.checkPassword(member, request.oldPassword);
      await members.updatePasswordHash(memberId, await hashPassword(request.newPassword), clock.now());
      // A password an operator reset is now the member's own (docs/operators.md, "Members").
      if (member.must_change_password) await members.setMustChangePassword(memberId, false, clock.now());
      await auth.revokeAll(memberId);
      return { token: await auth.issueToken(memberId) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
