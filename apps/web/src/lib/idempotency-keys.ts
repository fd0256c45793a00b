import { useRef } from 'react';
import { isApiError } from '@jetton/ui/lib/api-error';

/** The key of the last money action still waiting to learn its outcome. */
export type PendingAction = { fingerprint: string; key: string };

/**
 * True when the member cannot know whether the money moved: no answer came
 * (network, timeout), the answer was unreadable, or the server failed without
 * a business code. Only then does a retry of the same action reuse its key, so
 * the server replays the first outcome instead of moving money twice. A clear
 * answer (MONEY_NOT_ENOUGH, TRANSFER_FAIL, ...) ends the action: pressing again
 * is a new action with a new key (the server would only replay the old answer).
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0 || error.code === 'INVALID_RESPONSE') return true;
  return error.status >= 500 && error.code === 'INTERNAL_SERVER_ERROR';
}

/** The key for this attempt: the pending one when the same request is sent again, else a fresh one. */
export function keyForAttempt(pending: PendingAction | undefined, fingerprint: string, freshKey: () => string): PendingAction {
  return pending?.fingerprint === fingerprint ? pending : { fingerprint, key: freshKey() };
}

/**
 * One Idempotency-Key per user action. `begin(path, body)` gives the key to send;
 * `settle(error?)` after the call forgets it unless the outcome is unknown.
 */
export function useIdempotencyKeys() {
  const pending = useRef<PendingAction | undefined>(undefined);
  return {
    begin(path: string, body: unknown): string {
      pending.current = keyForAttempt(pending.current, `${path} ${JSON.stringify(body)}`, () => crypto.randomUUID());
      return pending.current.key;
    },
    settle(error?: unknown): void {
      if (error === undefined || !outcomeUnknown(error)) pending.current = undefined;
    },
  };
}
