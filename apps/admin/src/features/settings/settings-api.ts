import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSettings, type SettingsSection } from '@jetton/contract/admin/settings';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';

const KEY = ['admin', 'settings'];

export function useSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.settings.get.path, { schema: ZSettings, signal }),
    staleTime: 0,
  });
}

/** Saves one section; every node applies it within the settings cache time, without a restart. */
export function useSaveSection() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { section: SettingsSection; body: unknown }>({
    mutationFn: ({ section, body }) =>
      adminRequest(apiPath(ADMIN_ROUTES.settings.update.path, { section }), { method: 'PUT', body, schema: z.unknown() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
