import type { TMarket } from '@jetton/contract/account';
import { joinAccountName } from '@/lib/names';
import type { BankFormValues, ProfileFormValues } from './register-schemas';

/** Empty optional fields are left out rather than sent as "". */
function optional(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** POST /api/account/validate: step 3's fields (docs/screens.md, "Registration wizard"). */
export function toValidateRequest(phone: string, profile: ProfileFormValues, inviteCode: string | null) {
  return { name: profile.name, username: phone, password: profile.password, inviteCode: optional(inviteCode) };
}

/**
 * POST /api/account (docs/accounts.md, "Registration"): bankAccountName is the first and last
 * name joined by a space. The Lao build sends the member's currency choice;
 * the default build is always THB.
 */
export function toRegisterRequest(
  input: { phone: string; profile: ProfileFormValues; bank: BankFormValues; inviteCode: string | null },
  market: TMarket,
) {
  const { phone, profile, bank, inviteCode } = input;
  return {
    ...toValidateRequest(phone, profile, inviteCode),
    sourceCode: optional(bank.sourceCode),
    bankCode: bank.bankCode,
    bankAccountName: joinAccountName(bank.firstName, bank.lastName),
    bankAccountNo: bank.bankAccountNo,
    currency: market.lao ? bank.currency : ('THB' as const),
  };
}
