import { useMutation } from '@tanstack/react-query';
import {
  ZAdminLoginResponse,
  ZAdminSessionResponse,
  type TAdminEnrolRequest,
  type TAdminLoginRequest,
  type TAdminLoginResponse,
  type TAdminSessionResponse,
  type TAdminTotpRequest,
} from '@jetton/contract/admin/auth';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';

/** Step 1: login and password; the answer says what comes next (docs/operators.md, "Login"). */
export function usePasswordStep() {
  return useMutation<TAdminLoginResponse, ApiError, TAdminLoginRequest>({
    mutationFn: (body) => adminRequest(ADMIN_ROUTES.auth.login.path, { method: 'POST', body, schema: ZAdminLoginResponse }),
  });
}

/** Step 2: a code from the authenticator app, or one recovery code. */
export function useTotpStep() {
  return useMutation<TAdminSessionResponse, ApiError, TAdminTotpRequest>({
    mutationFn: (body) => adminRequest(ADMIN_ROUTES.auth.totp.path, { method: 'POST', body, schema: ZAdminSessionResponse }),
  });
}

/** Step 2 of a first login: the first code proves the app holds the secret; recovery codes come back once. */
export function useEnrolStep() {
  return useMutation<TAdminSessionResponse, ApiError, TAdminEnrolRequest>({
    mutationFn: (body) => adminRequest(ADMIN_ROUTES.auth.enrol.path, { method: 'POST', body, schema: ZAdminSessionResponse }),
  });
}
