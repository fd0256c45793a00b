import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { CHAT_GUEST_HEADER } from '@jetton/contract/chat';

/** The site's policy: only its own scripts, no framing, media from https for tutorial videos. */
const POLICY: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'https:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      frameAncestors: ["'none'"],
      formAction: ["'self'", 'https:'],
      upgradeInsecureRequests: null,
    },
  },
};

/** Runs helmet once against a recording response and keeps the headers it sets. */
export function computeSecurityHeaders(options: Readonly<HelmetOptions> = POLICY): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * What a JSON answer needs (OWASP REST Security Cheat Sheet): no sniffing, no
 * framing, no referrer, HTTPS only. The document policy (CSP for scripts,
 * styles, media, cross-origin isolation) means nothing to a JSON body.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * Security headers on every answer, computed once at start: helmet itself
 * re-parses its policy and sets each header per request, which cost two thirds
 * of a lookup's throughput. HTML (the web app, sandbox and launch pages) gets
 * helmet's full document policy; every other answer the short API set. A header
 * the route set itself (a stricter CSP on a slip image) is kept. The request id
 * goes out here too, so every answer passes one hook.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const documentHeaders = Object.entries(computeSecurityHeaders());
  const apiHeaders = Object.entries(API_SECURITY_HEADERS);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    const type = reply.getHeader('content-type');
    const isDocument = typeof type === 'string' && type.startsWith('text/html');
    for (const [name, value] of isDocument ? documentHeaders : apiHeaders) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // An answer to a request that carried credentials is member data: never kept by a browser or a proxy
    // (docs/security.md, "Caches"). A route that chose its own policy (a signed slip image link) keeps it.
    if (
      (request.headers.authorization !== undefined || request.headers[CHAT_GUEST_HEADER] !== undefined) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
