/**
 * What ended, told by whoever ended it (logout, password change, suspension,
 * a reset, an operator disabled) to whoever holds something open on that
 * session: the chat closes its sockets (docs/security.md, "Sessions end
 * everywhere"). Told once the database says so, so a listener that re-reads
 * it finds the session ended.
 */
export type SessionEnd =
  /** Every session of a member. */
  | { kind: 'member'; memberId: string }
  /** Every session of an operator, but `exceptSessionId` when given (their own password change). */
  | { kind: 'operator'; operatorId: string; exceptSessionId?: string }
  /** One operator session (its logout). */
  | { kind: 'operator-session'; sessionId: string };

export type SessionEnds = {
  ended(end: SessionEnd): void;
  /** Listeners run in the caller's turn and must not throw: each catches its own failures. */
  subscribe(listener: (end: SessionEnd) => void): void;
};

/** One per app: the accounts and back-office services tell it, the chat listens. */
export function createSessionEnds(): SessionEnds {
  const listeners: ((end: SessionEnd) => void)[] = [];
  return {
    ended(end) {
      for (const listener of listeners) listener(end);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}

/** For services built on their own (tests, scripts): nobody listens. */
export const unheardSessionEnds: SessionEnds = { ended: () => undefined, subscribe: () => undefined };
