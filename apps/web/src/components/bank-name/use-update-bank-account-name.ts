import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZOkResponse, type TBankAccountNameRequest } from '@jetton/contract/account';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';

/** PUT /api/account/bankAccountName (KTB, TMB, BBL only). */
export function useUpdateBankAccountName() {
  return useMutation<unknown, ApiError, TBankAccountNameRequest>({
    mutationFn: (body) => apiRequest(ROUTES.account.bankAccountName, { method: 'PUT', body, schema: ZOkResponse }),
  });
}
