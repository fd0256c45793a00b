import { STORAGE_KEYS } from '@jetton/contract/constants';
import { storage } from '@jetton/ui/lib/storage';

/** Longest invite code kept (the contract refuses longer ones). */
const INVITE_CODE_MAX = 40;

/**
 * /register?code=PR100001 (docs/screens.md, "Registration wizard"): the invite code is kept in storage
 * key `code`, so it survives the visitor wandering to /howto and back, and is
 * sent as inviteCode with the registration.
 */
export function inviteCodeLoader({ request }: { request: Request }): null {
  const code = new URL(request.url).searchParams.get('code')?.trim();
  if (code) storage.set(STORAGE_KEYS.inviteCode, code.slice(0, INVITE_CODE_MAX));
  return null;
}

export function storedInviteCode(): string | null {
  return storage.get(STORAGE_KEYS.inviteCode);
}

export function forgetInviteCode(): void {
  storage.remove(STORAGE_KEYS.inviteCode);
}
