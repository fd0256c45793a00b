import { isLatinNameBank, LATIN_NAME } from '@jetton/contract/account';

/** Member and bank account names are kept in upper case (docs/accounts.md, "Registration"); Thai and Lao have no case. */
export function toUpperName(value: string): string {
  return value.toUpperCase();
}

/** The registration's bankAccountName: first and last name joined by one space (docs/accounts.md). */
export function joinAccountName(first: string, last: string): string {
  return [first, last]
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '')
    .join(' ')
    .toUpperCase();
}

/** True when the name is Latin letters and spaces only, the rule of KTB, TMB and BBL. */
export function isLatinName(name: string): boolean {
  return LATIN_NAME.test(name.trim());
}

/**
 * The edit-bank-account-name action (docs/screens.md, "Home") is offered only for KTB,
 * TMB and BBL accounts whose stored name still holds non-Latin characters.
 */
export function needsLatinNameFix(bankCode: string | null | undefined, bankAccountName: string): boolean {
  if (!bankCode || !isLatinNameBank(bankCode.trim().toUpperCase())) return false;
  return !isLatinName(bankAccountName);
}
