import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZContact, ZInfo } from '@jetton/contract/lookup';
import { apiRequest } from '@jetton/ui/lib/api-client';

/** GET /api/lookup/contact. A refetch with data on screen runs in the background (no overlay). */
export function useContact() {
  return useQuery({
    queryKey: ['lookup', 'contact'],
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.lookup.contact, {
        schema: ZContact,
        signal,
        background: client.getQueryData(queryKey) !== undefined,
      }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/lookup/info: the site's name and website, shown on the contact card. */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['lookup', 'info'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.info, { schema: ZInfo, signal, background: true }),
    staleTime: 5 * 60_000,
  });
}
