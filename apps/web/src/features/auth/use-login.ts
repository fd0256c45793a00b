import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZLoginResponse, type TLoginRequest } from '@jetton/contract/account';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { storage } from '@/lib/storage';

type LoginInput = TLoginRequest & { remember: boolean };

/** POST /api/login; on success the token is stored (localStorage if remembered, else sessionStorage). */
export function useLogin() {
  return useMutation<{ token: string }, ApiError, LoginInput>({
    mutationFn: ({ username, password }) =>
      apiRequest(ROUTES.account.login, { method: 'POST', body: { username, password }, schema: ZLoginResponse }),
    onSuccess: ({ token }, { remember }) => storage.setToken(token, remember),
  });
}
