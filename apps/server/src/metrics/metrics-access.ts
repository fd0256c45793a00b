import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics (docs/operations.md, "Metrics"): the figures are an operator's, never a
 * member's or a stranger's. With a token configured, only `Authorization: Bearer <token>`
 * (compared in constant time); on the main port with no token, nobody (404, as if absent); on the
 * separate metrics port with no token, whoever reaches it (bind it to a private address).
 */
export function metricsAccess(token: string | undefined, where: 'main' | 'metrics-port') {
  const expected = token === undefined ? undefined : digest(token);
  return (authorization: string | undefined): 'ok' | 401 | 404 => {
    if (!expected) return where === 'metrics-port' ? 'ok' : 404;
    const match = /^Bearer (.+)$/i.exec(authorization ?? '');
    return match?.[1] && timingSafeEqual(digest(match[1]), expected) ? 'ok' : 401;
  };
}
