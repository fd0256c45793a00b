import { useQuery } from '@tanstack/react-query';
import { ZLimitsState } from '@jetton/contract/care';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';

/** The cache key of the member's limits: the limits screen updates it, the deposit dialog reads it. */
export const limitsQueryKey = ['care', 'limits'] as const;

/** GET /api/care/limits: every limit with what its period has used and what is left (docs/player-care.md). */
export function useLimits() {
  return useQuery({ queryKey: limitsQueryKey, queryFn: ({ signal }) => apiRequest(ROUTES.care.limits, { schema: ZLimitsState, signal }) });
}
