import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZNotice } from '@jetton/contract/lookup';
import { apiRequest } from '@jetton/ui/lib/api-client';

/**
 * GET /api/lookup/notice: the operator's notice about deposits (such as the
 * daily window in which slips are not taken), in th/la/en; silent on failure.
 * Shown where slips are sent and where they are followed: the deposit dialog and the slip history.
 */
export function useSiteNotice() {
  return useQuery({
    queryKey: ['lookup', 'notice'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.notice, { schema: ZNotice, signal, background: true }),
    staleTime: 5 * 60_000,
  });
}
