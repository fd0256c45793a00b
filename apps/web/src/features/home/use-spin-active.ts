import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZSpinActiveResponse } from '@jetton/contract/spin';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/spinwheel/active: whether the home shows the prize wheel widget or
 * 'refresh all' (docs/spin.md, "The screen"). A failed check shows 'refresh all'.
 */
export function useSpinActive(): boolean {
  const active = useQuery({
    queryKey: ['spin', 'active'],
    queryFn: ({ signal }) => apiRequest(ROUTES.spinwheel.active, { schema: ZSpinActiveResponse, signal, background: true }),
    staleTime: 60_000,
    retry: false,
  });
  return active.data?.active ?? false;
}
