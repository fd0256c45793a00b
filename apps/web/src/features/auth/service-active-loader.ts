import { redirect } from 'react-router';
import { ROUTES } from '@jetton/contract/routes';
import type { TActive } from '@jetton/contract/lookup';
import { apiRequest, type ResponseParser } from '@jetton/ui/lib/api-client';
import { isApiError } from '@jetton/ui/lib/api-error';

/**
 * The contract's ZActive, checked by hand: /login must not download zod for
 * one field (docs/performance.md). The type still comes from the contract.
 */
const activeStatus: ResponseParser<TActive> = {
  safeParse: (value) => {
    const status = typeof value === 'object' && value !== null && 'status' in value ? value.status : undefined;
    return status === 'active' || status === 'gone' ? { success: true, data: { status } } : { success: false };
  },
};

/**
 * docs/screens.md, "Routes and layouts": every navigation to /login first asks whether the service is
 * closed, and a closed service sends the visitor to /terminated. If the check
 * itself fails (offline, server down) the login page still opens: the login
 * call will report the problem in words.
 */
export async function serviceActiveLoader({ request }: { request: Request }): Promise<Response | null> {
  try {
    const { status } = await apiRequest(ROUTES.lookup.active, { schema: activeStatus, signal: request.signal });
    return status === 'gone' ? redirect('/terminated') : null;
  } catch (error) {
    return isApiError(error) && error.code === 'gone' ? redirect('/terminated') : null;
  }
}
