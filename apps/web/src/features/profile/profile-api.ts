import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ROUTES } from '@jetton/contract/routes';
import { ZBankAccount, ZChangePasswordResponse, ZProfileResponse, type TChangePasswordRequest } from '@jetton/contract/account';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';

export const profileQueryKey = ['account', 'profile'] as const;
export const bankAccountQueryKey = ['wallet', 'bankAccount'] as const;

/** GET /api/account/profile: name, id, member number, created date, username. */
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.account.profile, {
        schema: ZProfileResponse,
        signal,
        background: client.getQueryData(queryKey) !== undefined,
      }),
  });
}

/**
 * The member's bank account. Its one source is GET /api/wallet
 * (`bankAccount`); only that part of the answer is read here, so the profile
 * does not depend on the wallet's other fields.
 */
const ZWalletBankAccount = z.object({ bankAccount: ZBankAccount.nullable() });

export function useBankAccount() {
  return useQuery({
    queryKey: bankAccountQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(ROUTES.wallet.summary, { schema: ZWalletBankAccount, signal, background: true })).bankAccount,
    // No wallet answer is not worth a retry storm: the profile says the account cannot be shown.
    retry: false,
  });
}

/** PUT /api/account/changepwd; the server then ends every session (docs/accounts.md, "Passwords"). */
export function useChangePassword() {
  return useMutation<unknown, ApiError, TChangePasswordRequest>({
    mutationFn: (body) => apiRequest(ROUTES.account.changePassword, { method: 'PUT', body, schema: ZChangePasswordResponse }),
  });
}
