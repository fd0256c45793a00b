import { useCallback } from 'react';
import { z } from 'zod';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { adminRequest, adminSession } from './admin-api';

/** Ends the session at the server (the cookie is cleared there), then goes to the login screen. */
export function useLogout(): () => void {
  return useCallback(() => {
    adminRequest(ADMIN_ROUTES.auth.logout.path, { method: 'POST', schema: z.unknown() })
      .catch(() => undefined)
      .finally(() => adminSession.end('signed-out'));
  }, []);
}
