import { AppError } from '../../http/app-error.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { MemberRepository } from './member-repository.ts';

export type BankAccountCheckDeps = {
  members: Pick<MemberRepository, 'bankAccountOwner'>;
  lookups: LookupService;
  /** The back office's blacklist (docs/operators.md, "Bank-account blacklist"). */
  isBankBlacklisted?: (bankCode: string, bankAccountNo: string) => Promise<boolean>;
};

/**
 * The rules a bank account passes before withdrawals may go to it, the same at
 * registration and on a change through the profile (docs/accounts.md,
 * "Registration"; docs/security.md, "Changing where withdrawals go"): a bank of
 * the banks lookup (INVALID_BANK), an account no other member holds
 * (EXISTING_BANK), not on the bank-account blacklist (INVALID_BANK, so a
 * listed account is not told apart from an unknown bank); both paths refuse a
 * listed account alike. `memberId` is the member changing their own
 * account (their current account is theirs to keep); absent at registration.
 */
export async function checkBankAccount(
  deps: BankAccountCheckDeps,
  account: { bankCode: string; bankAccountNo: string },
  memberId?: string,
): Promise<{ nameTH: string; nameEN: string }> {
  const bank = (await deps.lookups.get('banks')).find((b) => b.code === account.bankCode);
  if (!bank) throw new AppError('INVALID_BANK');
  if (await deps.isBankBlacklisted?.(account.bankCode, account.bankAccountNo)) throw new AppError('INVALID_BANK');
  const owner = await deps.members.bankAccountOwner(account.bankCode, account.bankAccountNo);
  if (owner && owner !== memberId) throw new AppError('EXISTING_BANK');
  return bank;
}
