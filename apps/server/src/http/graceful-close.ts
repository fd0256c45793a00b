import type { FastifyInstance } from 'fastify';

/**
 * Once `app.close()` has begun, every answer still to be sent says
 * `Connection: close`, so Node ends its keep-alive connection as soon as the
 * answer is out.
 *
 * Why: `server.close()` sweeps idle keep-alive connections once, when it is
 * called; a connection busy with a request at that moment is skipped, and when
 * its answer finishes Node re-arms the keep-alive timer (Fastify's 72 s)
 * instead of closing it. Fastify marks `Connection: close` only on requests
 * that *arrive* after close began, not on those already in flight. So every
 * request in flight at shutdown held `close()` for 72 s, and under load there
 * always are some: the adapters' own calls to the /sandbox simulators on this
 * same server (fetch keeps them alive), or a proxy's pooled connection. The
 * in-flight requests still finish; the client is told this answer is the last.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Callback-style and a single flag check: it runs on every answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
