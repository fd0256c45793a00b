import type { TBank } from '@jetton/contract/lookup';

type BankAccountLike = { bankCode?: string; bank: { nameTH: string } };

/**
 * The code of the member's bank, needed to offer the Latin-name edit (KTB, TMB,
 * BBL) and to send it back with the new name. The spec's bank account carries
 * only the Thai bank name, so the code is found in the banks lookup by that name
 * (the server shows the bare code for a bank missing from the list).
 */
export function resolveBankCode(account: BankAccountLike, banks: readonly TBank[] | undefined): string | undefined {
  if (account.bankCode) return account.bankCode;
  const name = account.bank.nameTH.trim();
  return banks?.find((bank) => bank.nameTH === name || bank.code === name)?.code;
}
