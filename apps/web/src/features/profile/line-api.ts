import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOkResponse } from '@jetton/contract/account';
import { ZLineLinkCodeResponse, ZLineLinkState, type TLineLinkState } from '@jetton/contract/line';
import type { Locale } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';

export const lineLinkQueryKey = ['line', 'link'] as const;

/** GET /api/line/link; a site without LINE answers 404 and the card stays hidden. */
export function useLineLink() {
  return useQuery({
    queryKey: lineLinkQueryKey,
    queryFn: ({ signal }) => apiRequest(ROUTES.line.link, { schema: ZLineLinkState, signal, background: true }),
    retry: false,
  });
}

/** POST /api/line/link-code: the code to send the bot, in the language the notices should use. */
export function useLineLinkCode() {
  return useMutation({
    mutationFn: (lang: Locale) => apiRequest(ROUTES.line.linkCode, { method: 'POST', body: { lang }, schema: ZLineLinkCodeResponse }),
  });
}

/** PUT /api/line/link: the notices and their language. */
export function useUpdateLineLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { lang?: Locale; notices?: Partial<TLineLinkState['notices']> }) =>
      apiRequest(ROUTES.line.link, { method: 'PUT', body, schema: ZLineLinkState }),
    onSuccess: (state) => queryClient.setQueryData(lineLinkQueryKey, state),
  });
}

/** DELETE /api/line/link. */
export function useUnlinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(ROUTES.line.link, { method: 'DELETE', schema: ZOkResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: lineLinkQueryKey }),
  });
}
