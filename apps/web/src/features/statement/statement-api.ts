import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ROUTES, apiPath } from '@jetton/contract/routes';
import { ZSlipImageResponse, ZSlipListResponse } from '@jetton/contract/deposit';
import { PAGE_SIZE } from '@jetton/contract/constants';
import { ZStatementResponse } from '@jetton/contract/wallet';
import { apiRequest } from '@jetton/ui/lib/api-client';

/** POST /api/statement {page, limit}: one page of the member's statement, 10 rows (docs/screens.md, "Statement"). */
export function useStatements(page: number) {
  return useQuery({
    queryKey: ['statement', page],
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.statement.list, {
        method: 'POST',
        body: { page, limit: PAGE_SIZE.statement },
        schema: ZStatementResponse,
        signal,
        background: client.getQueryData(queryKey) !== undefined,
      }),
    // The old page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Game names for the transfer rows ("Wallet -> Pagoda Gold"), read from
 * GET /api/wallet; only the names are taken, so the statement does not depend
 * on the rest of the wallet answer.
 */
const ZGameNames = z.object({ slots: z.array(z.object({ code: z.string(), name: z.string() })) });

export function useGameNames() {
  return useQuery({
    queryKey: ['wallet', 'gameNames'],
    queryFn: async ({ signal }) => {
      const { slots } = await apiRequest(ROUTES.wallet.summary, { schema: ZGameNames, signal, background: true });
      return new Map(slots.map((slot) => [slot.code, slot.name]));
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** POST /api/statement/slip {page, limit}: the member's slips, 10 a page, newest first. */
export function useSlips(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['statement', 'slips', page],
    queryFn: ({ signal }) =>
      apiRequest(ROUTES.statement.slip, {
        method: 'POST',
        body: { page, limit: PAGE_SIZE.slip },
        schema: ZSlipListResponse,
        signal,
        background: true,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/statement/slip/reference/{reference}: a short-lived link to the slip image. */
export function fetchSlipImage(reference: string) {
  return apiRequest(apiPath(ROUTES.statement.slipReference, { reference }), { schema: ZSlipImageResponse });
}
