import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZBanksResponse } from '@jetton/contract/lookup';
import { apiRequest } from './api-client';

/** GET /api/lookup/banks (code and a name per language), shared by registration and the profile. Loads in the background. */
export function useBanks() {
  return useQuery({
    queryKey: ['lookup', 'banks'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.banks, { schema: ZBanksResponse, signal, background: true }),
    staleTime: 5 * 60_000,
  });
}
