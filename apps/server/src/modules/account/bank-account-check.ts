import { AppError } from '../../http/app-error.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { MemberRepository } from './member-repository.ts';

export type BankAccountCheckDeps = { members: Pick<MemberRepository, 'bankAccountOwner'>; lookups: LookupService };

/**
 * The rules a bank account passes before withdrawals may go to it, the same at
 * registration and on a change through the profile (docs/accounts.md,
 * "Registration"; docs/security.md, "Changing where withdrawals go"): a bank of
 * the banks lookup (INVALID_BANK), an account no other member holds
 * (EXISTING_BANK). A bank-account blacklist belongs here too, so both paths
 * refuse a listed account alike. `memberId` is the member changing their own
 * account (their current account is theirs to keep); absent at registration.
 */
export async function checkBankAccount(
  deps: BankAccountCheckDeps,
  account: { bankCode: string; bankAccountNo: string },
  memberId?: string,
): Promise<{ nameTH: string; nameEN: string }> {
  const bank = (await deps.lookups.get('banks')).find((b) => b.code === account.bankCode);
  if (!bank) throw new AppError('INVALID_BANK');
  const owner = await deps.members.bankAccountOwner(account.bankCode, account.bankAccountNo);
  if (owner && owner !== memberId) throw new AppError('EXISTING_BANK');
  return bank;
}
