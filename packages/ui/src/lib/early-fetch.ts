/** What the page's starter script began (apps/web/build/early-fetch-plugin.ts): answers by API path, for one token. */
type EarlyReads = { token: string; responses: Record<string, Promise<Response> | undefined> };

/**
 * The answer to a GET the page started before the app loaded, taken once; none
 * when the page started none for this path or did so with another token (the
 * member logged out and in meanwhile). Why: docs/performance.md, "The home's
 * critical path".
 */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  const early = (globalThis as { jettonEarly?: EarlyReads }).jettonEarly;
  if (!early || token === null || early.token !== token) return undefined;
  const response = early.responses[path];
  early.responses[path] = undefined;
  return response;
}
