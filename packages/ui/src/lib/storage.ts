import { STORAGE_KEYS } from '@jetton/contract/constants';

/**
 * Browser storage access. Every read and write is guarded: private modes and
 * embedded web views can throw on storage access, and a wallet must still open.
 */
type StorageKind = 'localStorage' | 'sessionStorage';

function store(kind: StorageKind): Storage | undefined {
  try {
    return globalThis[kind];
  } catch {
    return undefined;
  }
}

function read(kind: StorageKind, key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: StorageKind, key: string, value: string): void {
  try {
    store(kind)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the session simply does not persist.
  }
}

function remove(kind: StorageKind, key: string): void {
  try {
    store(kind)?.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** The bearer token: localStorage when "remember me" was chosen, else sessionStorage. */
function getToken(): string | null {
  return read('localStorage', STORAGE_KEYS.token) ?? read('sessionStorage', STORAGE_KEYS.token);
}

function setToken(token: string, remember: boolean): void {
  remove('localStorage', STORAGE_KEYS.token);
  remove('sessionStorage', STORAGE_KEYS.token);
  write(remember ? 'localStorage' : 'sessionStorage', STORAGE_KEYS.token, token);
}

/**
 * Ends the stored session: the token in both storages plus the session-scoped
 * keys. The invite code (`code`) survives only when asked, so a visitor who
 * came through an invite link keeps it while the public pages reset the session.
 */
function clearSession(options: { keepInviteCode?: boolean } = {}): void {
  // `remember-agreement` stays: it is kept per member (features/home/use-agreement.ts), not per session.
  const keys: string[] = [STORAGE_KEYS.token, STORAGE_KEYS.lastSync];
  if (!options.keepInviteCode) keys.push(STORAGE_KEYS.inviteCode);
  for (const key of keys) {
    remove('localStorage', key);
    remove('sessionStorage', key);
  }
}

export const storage = {
  getToken,
  setToken,
  clearSession,
  get: (key: string): string | null => read('localStorage', key),
  set: (key: string, value: string): void => write('localStorage', key, value),
  remove: (key: string): void => remove('localStorage', key),
};
