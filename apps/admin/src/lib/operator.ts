import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ZAdminSessionResponse, type TAdminSessionResponse, type TOperatorMe } from '@jetton/contract/admin/auth';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { adminRequest, adminSession } from './admin-api';

/**
 * Who is logged in. The page keeps no session of its own: after a reload it asks the server,
 * which answers from the httpOnly cookie with the operator and a CSRF token for this page.
 */
export const meQuery = queryOptions({
  queryKey: ['admin', 'me'],
  queryFn: async ({ signal }): Promise<TOperatorMe> => {
    const session = await adminRequest(ADMIN_ROUTES.auth.me.path, { schema: ZAdminSessionResponse, signal });
    adminSession.setCsrfToken(session.csrfToken);
    return session.me;
  },
  staleTime: Infinity,
  retry: false,
});

/** A login (or enrolment) that ended with a session: keep its CSRF token and operator. */
export function startSession(queryClient: QueryClient, session: Pick<TAdminSessionResponse, 'csrfToken' | 'me'>): void {
  adminSession.setCsrfToken(session.csrfToken);
  queryClient.setQueryData(meQuery.queryKey, session.me);
}

/** The logged-in operator; only used under the admin layout, whose loader made sure of it. */
export function useOperator(): TOperatorMe {
  const { data } = useQuery(meQuery);
  if (!data) throw new Error('useOperator outside the logged-in layout');
  return data;
}

export function usePermissions(): ReadonlySet<string> {
  return new Set(useOperator().permissions);
}
