import type {
  TBankAccount,
  TBankAccountNameRequest,
  TChangePasswordRequest,
  TProfileResponse,
  TProfileUpdateRequest,
} from '@jetton/contract/account';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { checkBankAccount } from './bank-account-check.ts';
import type { Member, MemberRepository } from './member-repository.ts';

export type ProfileDeps = {
  members: MemberRepository;
  auth: AuthService;
  lookups: LookupService;
  clock: Clock;
  /** Tells the member their withdrawal account changed (docs/security.md, "Changing where withdrawals go"). */
  sms: SmsSender;
  log: FastifyBaseLogger;
};

/** The notice a member gets when the account their withdrawals go to changes: bank and the last 4 digits only. */
export function bankChangeNotice(bankName: string, accountNo: string): string {
  return `Jetton: your withdrawal account was changed to ${bankName} x${accountNo.slice(-4)}. Withdrawals to it are checked by our staff for 24 hours. Not you? Contact support now.`;
}

/**
 * The logged-in member's own data. Every method takes the member id from the
 * session (memberOf(request)), never from the request, so a member can only
 * ever read or change their own row (docs/accounts.md, "The member guard").
 */
export function createProfileService(deps: ProfileDeps) {
  const { members, auth, lookups, clock, sms, log } = deps;

  async function load(memberId: string): Promise<Member> {
    const member = await members.findById(memberId);
    // The guard saw the session a moment ago; a vanished member is a dead session.
    if (!member) throw new AppError('invalid-token');
    return member;
  }

  return {
    async profile(memberId: string): Promise<TProfileResponse> {
      const m = await load(memberId);
      const memberNo = Number(m.member_no);
      return {
        _id: m.id,
        name: m.name,
        username: m.phone,
        createdAt: m.created_at.toISOString(),
        coin: m.coin,
        memberNo,
        inviteCode: `PR${memberNo}`,
      };
    },

    /** The member's bank account for the profile screen and the wallet summary. */
    async bankAccount(memberId: string): Promise<TBankAccount> {
      const m = await load(memberId);
      const bank = (await lookups.get('banks')).find((b) => b.code === m.bank_code);
      // A bank the operator removed from the list still shows, by its code.
      const names = bank
        ? { nameTH: bank.nameTH, nameLA: bank.nameLA, nameEN: bank.nameEN }
        : { nameTH: m.bank_code, nameLA: m.bank_code, nameEN: m.bank_code };
      return { bankAccountName: m.bank_account_name, bankAccountNo: m.bank_account_no, bankCode: m.bank_code, bank: names };
    },

    /**
     * Name and bank details. A new bank or account number is a sensitive action
     * (docs/security.md, "Changing where withdrawals go"): the registration's bank
     * rules, the change time recorded (withdrawals to it wait for an operator for a
     * while), and an SMS notice to the member's phone. A name-only edit is just that.
     */
    async updateProfile(memberId: string, request: TProfileUpdateRequest): Promise<void> {
      const member = await load(memberId);
      const bank = await checkBankAccount({ members, lookups }, request, memberId);
      const bankChanged = member.bank_code !== request.bankCode || member.bank_account_no !== request.bankAccountNo;
      const now = clock.now();
      const result = await members.updateProfile(
        memberId,
        {
          name: request.name,
          bank_code: request.bankCode,
          bank_account_name: request.bankAccountName,
          bank_account_no: request.bankAccountNo,
          ...(bankChanged ? { bank_changed_at: now } : {}),
        },
        now,
      );
      if (!result.ok) throw new AppError('EXISTING_BANK');
      if (!bankChanged) return;
      // After the commit: the change stands even if the gateway is down (the operator review still applies).
      await sms.send(member.phone, bankChangeNotice(bank.nameEN, request.bankAccountNo)).catch((error: unknown) => {
        log.error({ err: error, memberId }, 'bank change notice not sent');
      });
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
      await auth.revokeAll(memberId);
      return { token: await auth.issueToken(memberId) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
