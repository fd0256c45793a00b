import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasNoNul } from '@jetton/contract/text';
import { AppError } from './app-error.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

/**
 * Refusals Fastify makes before any route or hook runs: a path parameter over
 * the router's length limit (414) and a malformed URL such as a broken percent
 * escape (400). Answered in the house shape with the API security headers,
 * never echoing the path (docs/security.md, "Hostile input").
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ code: error.code }, 'request refused');
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) reply.header(name, value);
  void reply.status(status).header('x-request-id', request.id).send({ message: 'KEY_INVALID' });
}

/** A string, or a list of them (a repeated query key), with a NUL byte in it. */
function carriesNul(value: unknown): boolean {
  if (typeof value === 'string') return !hasNoNul(value);
  return Array.isArray(value) && value.some(carriesNul);
}

/**
 * One guard for every path parameter and query value: a NUL byte (`%00`) answers
 * 400 KEY_INVALID before authentication, body parsing or any database call. Body
 * fields get the same refusal from the contract's `text()` schema.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const params = request.params as Record<string, unknown> | undefined;
    const query = request.query as Record<string, unknown> | undefined;
    const bad = (params && Object.values(params).some(carriesNul)) || (query && Object.values(query).some(carriesNul));
    done(bad ? new AppError('KEY_INVALID') : undefined);
  });
}

/** Bodies over a route's limit but under this are read to the end before the 413, so the client hears it. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A declared body over the route's limit answers 413 PAYLOAD_TOO_LARGE. Fastify
 * refuses it unread and closes the connection; a client still sending then sees
 * a reset instead of the answer. Up to DRAIN_MAX_BYTES the body is read and
 * dropped first (never kept), so the answer arrives and the connection stays
 * usable; beyond that the framework's close stands. Multipart routes check their
 * own declared size.
 */
export function registerOversizeBodyRefusal(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit ?? Infinity;
    const multipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
    if (!(declared > limit) || declared > DRAIN_MAX_BYTES || multipart) {
      done(null, payload);
      return;
    }
    payload.on('data', () => undefined);
    payload.once('end', () => done(new AppError('PAYLOAD_TOO_LARGE')));
    payload.once('error', (error) => done(error));
  });
}

/**
 * A request Node's HTTP parser cannot read (broken request line or headers,
 * headers over the size limit, a timeout) answers in the house shape with the
 * API security headers, then the connection closes, as Node itself does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ message: 'KEY_INVALID' });
    const headers = Object.entries(API_SECURITY_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
