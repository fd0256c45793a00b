import { redirect } from 'react-router';
import { storage } from '@jetton/ui/lib/storage';

/** Member routes need a stored token; without one the visitor goes to /login (docs/screens.md, "Routes and layouts"). */
export function requireTokenLoader(): Response | null {
  return storage.getToken() ? null : redirect('/login');
}

/**
 * The public layout clears any stored session when it is entered (docs/screens.md).
 * The invite code survives: it was stored from /register?code=... for the visitor.
 */
export function publicLayoutLoader(): null {
  storage.clearSession({ keepInviteCode: true });
  return null;
}
