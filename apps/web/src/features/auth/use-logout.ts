import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { storage } from '@jetton/ui/lib/storage';

/**
 * Logout (docs/screens.md, "The session in the browser"): clear the token and related keys, drop cached member
 * data, tell the server best-effort (so it can revoke the token), go to /login.
 * The member never waits for the server: leaving must work offline too.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const token = storage.getToken();
    storage.clearSession();
    queryClient.clear();
    if (token) {
      apiRequest(ROUTES.account.logout, {
        method: 'POST',
        schema: z.unknown(),
        background: true,
        headers: { Authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    }
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
