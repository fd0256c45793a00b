import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this a JSON answer goes out as it is: compressing it would save less than its cost. */
export const COMPRESS_MIN_BYTES = 1024;

/** JSON answers, and the pages the server writes per request (the prerendered login carries its styles). */
const COMPRESSED_TYPE = /^(application\/json|text\/html)/;

/** Fast settings: an answer is compressed for each request (static files are precompressed at build instead). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  const accepts = (name: string) => value.split(',').some((part) => part.trim().split(';')[0] === name && !/;\s*q=0(\.0*)?\s*$/.test(part));
  if (accepts('br')) return 'br';
  return accepts('gzip') ? 'gzip' : undefined;
}

/**
 * JSON answers and pages of COMPRESS_MIN_BYTES or more go out brotli- or gzip-compressed
 * when the client accepts it (statements, lookups, game cards on a phone
 * over mobile data), on zlib's thread pool. They say `Vary: Accept-Encoding`
 * whether compressed or not, since what goes out depends on that header. A
 * callback hook with early returns: it runs on every answer.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSED_TYPE.test(type)) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const finish = (error: Error | null, compressed: Buffer) => {
      if (error) return done(null, payload); // the uncompressed answer is still right
      reply.header('content-encoding', encoding).removeHeader('content-length');
      done(null, compressed);
    };
    if (encoding === 'br') brotliCompress(payload, BROTLI_OPTIONS, finish);
    else gzip(payload, finish);
  });
}
