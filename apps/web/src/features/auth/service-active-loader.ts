import { redirect } from 'react-router';
import { ROUTES } from '@jetton/contract/routes';
import { ZActive } from '@jetton/contract/lookup';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/**
 * Spec section 2: every navigation to /login first asks whether the service is
 * closed, and a closed service sends the visitor to /terminated. If the check
 * itself fails (offline, server down) the login page still opens: the login
 * call will report the problem in words.
 */
export async function serviceActiveLoader({ request }: { request: Request }): Promise<Response | null> {
  try {
    const { status } = await apiRequest(ROUTES.lookup.active, { schema: ZActive, signal: request.signal });
    return status === 'gone' ? redirect('/terminated') : null;
  } catch (error) {
    return isApiError(error) && error.code === 'gone' ? redirect('/terminated') : null;
  }
}
