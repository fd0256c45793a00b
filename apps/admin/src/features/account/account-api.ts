import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAdminRecoveryResponse, type TAdminPasswordChange } from '@jetton/contract/admin/auth';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';
import { meQuery } from '@admin/lib/operator';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, TAdminPasswordChange>({
    mutationFn: (body) => adminRequest(ADMIN_ROUTES.auth.password.path, { method: 'POST', body, schema: z.unknown() }),
    // "Must change password" is lifted: read who we are again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

export function useNewRecoveryCodes() {
  return useMutation<z.infer<typeof ZAdminRecoveryResponse>, ApiError, { code: string }>({
    mutationFn: (body) => adminRequest(ADMIN_ROUTES.auth.recoveryCodes.path, { method: 'POST', body, schema: ZAdminRecoveryResponse }),
  });
}
