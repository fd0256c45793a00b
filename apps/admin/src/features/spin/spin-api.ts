import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ZAdminDrawReport, ZAdminWheelResponse } from '@jetton/contract/admin/spin';
import type { TSpinWheelConfig } from '@jetton/contract/spin';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';

const S = ADMIN_ROUTES.spin;
const KEY = ['admin', 'spin'] as const;
const withVersion = (path: string, version: number | undefined) => (version === undefined ? path : `${path}?version=${version}`);

/** The newest wheel version, or the one asked for (docs/spin.md, "Configuration"). */
export function useWheel(version?: number) {
  return useQuery({
    queryKey: [...KEY, 'wheel', version ?? 'current'],
    queryFn: ({ signal }) => adminRequest(withVersion(S.wheel.path, version), { schema: ZAdminWheelResponse, signal }),
    staleTime: 0,
  });
}

export function useDrawReport(version: number | undefined) {
  return useQuery({
    queryKey: [...KEY, 'report', version],
    queryFn: ({ signal }) => adminRequest(withVersion(S.report.path, version), { schema: ZAdminDrawReport, signal }),
    enabled: version !== undefined,
    staleTime: 0,
  });
}

export function useSaveWheel() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, TSpinWheelConfig>({
    mutationFn: (config) => adminRequest(S.saveWheel.path, { method: 'POST', body: config, schema: ZAdminWheelResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSetWheelActive() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, boolean>({
    mutationFn: (active) => adminRequest(S.setActive.path, { method: 'PUT', body: { active }, schema: ZAdminWheelResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
