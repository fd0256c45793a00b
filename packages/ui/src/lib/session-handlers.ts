/**
 * The two global session rules (docs/screens.md, "Errors and messages"): `invalid-token` ends
 * the session and goes to /login; `gone` goes to /terminated. The router layer
 * registers the handlers, so `lib/` never imports the router.
 */
export type SessionEvent = 'invalid-token' | 'gone';

type Handlers = Record<SessionEvent, () => void>;

const noop = (): void => undefined;
let handlers: Handlers = { 'invalid-token': noop, gone: noop };

export function setSessionHandlers(next: Handlers): () => void {
  handlers = next;
  return () => {
    handlers = { 'invalid-token': noop, gone: noop };
  };
}

export function emitSessionEvent(event: SessionEvent): void {
  handlers[event]();
}
