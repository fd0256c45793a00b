import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZOperator,
  ZOperatorCredentials,
  ZOperatorList,
  type TOperator,
  type TOperatorCreate,
  type TOperatorCredentials,
  type TOperatorUpdate,
} from '@jetton/contract/admin/auth';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';

const KEY = ['admin', 'operators'];

export function useOperators() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.operators.list.path, { schema: ZOperatorList, signal }),
    staleTime: 0,
  });
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation<TOperatorCredentials, ApiError, TOperatorCreate>({
    mutationFn: (body) => adminRequest(ADMIN_ROUTES.operators.create.path, { method: 'POST', body, schema: ZOperatorCredentials }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation<TOperator, ApiError, { id: string; body: TOperatorUpdate }>({
    mutationFn: ({ id, body }) =>
      adminRequest(apiPath(ADMIN_ROUTES.operators.update.path, { id }), { method: 'PATCH', body, schema: ZOperator }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** A new temporary password (shown once) and a fresh TOTP enrolment at the next login. */
export function useResetOperator() {
  const queryClient = useQueryClient();
  return useMutation<TOperatorCredentials, ApiError, string>({
    mutationFn: (id) =>
      adminRequest(apiPath(ADMIN_ROUTES.operators.reset.path, { id }), { method: 'POST', body: {}, schema: ZOperatorCredentials }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
