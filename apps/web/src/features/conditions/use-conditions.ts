import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZTextList } from '@jetton/contract/lookup';
import { apiRequest } from '@jetton/ui/lib/api-client';

/** GET /api/lookup/conditions, fetched when the sheet opens; the sheet shows its own loading state. */
export function useConditions(enabled: boolean) {
  return useQuery({
    queryKey: ['lookup', 'conditions'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.conditions, { schema: ZTextList, signal, background: true }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
