import { useQuery } from '@tanstack/react-query';
import { ZFlag } from '@jetton/contract/lookup';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';

/** GET /api/lookup/enableChatWidget: the operator's switch for the chat widget. */
export function useChatEnabled(): boolean {
  const query = useQuery({
    queryKey: ['lookup', 'enableChatWidget'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.enableChatWidget, { schema: ZFlag, signal, background: true }),
    staleTime: 5 * 60_000,
  });
  return query.data?.enabled === true;
}
