import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZOkResponse, ZPasswordForgotResponse, type TPasswordForgotResponse, type TPasswordResetRequest } from '@jetton/contract/account';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';

/** POST /api/password/forgot: the same answer whether the phone is a member's or not. */
export function useForgotPassword() {
  return useMutation<TPasswordForgotResponse, ApiError, string>({
    mutationFn: (phoneNumber) =>
      apiRequest(ROUTES.account.passwordForgot, { method: 'POST', body: { phoneNumber }, schema: ZPasswordForgotResponse }),
  });
}

/** POST /api/password/reset: code and new password; every session of the member ends. */
export function useResetPassword() {
  return useMutation<unknown, ApiError, TPasswordResetRequest>({
    mutationFn: (body) => apiRequest(ROUTES.account.passwordReset, { method: 'POST', body, schema: ZOkResponse }),
  });
}
