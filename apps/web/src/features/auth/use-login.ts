import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import type { TLoginRequest } from '@jetton/contract/account';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { storage } from '@jetton/ui/lib/storage';

/** The account contract as its own chunk: /login paints without zod (docs/performance.md). */
export const loadAccountContract = () => import('@jetton/contract/account');

type LoginInput = TLoginRequest & { remember: boolean };

/** POST /api/login; on success the token is stored (localStorage if remembered, else sessionStorage). */
export function useLogin() {
  return useMutation<{ token: string; mustChangePassword?: boolean }, ApiError, LoginInput>({
    mutationFn: async ({ username, password }) => {
      // The contract (and zod with it) loads when the member first touches the form, not with /login.
      const { ZLoginResponse } = await loadAccountContract();
      return apiRequest(ROUTES.account.login, { method: 'POST', body: { username, password }, schema: ZLoginResponse });
    },
    onSuccess: ({ token }, { remember }) => storage.setToken(token, remember),
  });
}
