import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Aborted once the app has been closing for CLOSE_GRACE_MS: what still waits on the outside
     * world (provider calls, a simulator's held answer, a job pass) gives up (docs/http.md, "Shutdown").
     */
    closeSignal: AbortSignal;
  }
}

/** How long what is in flight at close may still take before it is cut short. */
export const CLOSE_GRACE_MS = 5_000;
/** After the close signal, how long answers have to go out before the connections left are destroyed. */
const FORCE_AFTER_MS = 1_000;

/**
 * Closing is bounded: `app.close()` finishes within about CLOSE_GRACE_MS +
 * FORCE_AFTER_MS whatever is in flight.
 *
 * 1. Once `close()` has begun, every answer still to be sent says
 *    `Connection: close`, so Node ends its keep-alive connection as soon as
 *    the answer is out. `server.close()` sweeps idle keep-alive connections
 *    once, when it is called; a connection busy with a request then is
 *    skipped, and when its answer finishes Node re-arms the keep-alive timer
 *    (Fastify's 72 s) instead of closing it. Fastify marks `Connection: close`
 *    only on requests that *arrive* after close began.
 * 2. Requests in flight get CLOSE_GRACE_MS to finish. Then `closeSignal`
 *    aborts: provider calls in flight fail as timed out (a transfer is left
 *    PENDING for reconciliation, as with the provider's own deadline), a
 *    simulator's held answer is let go, a job pass stops waiting.
 * 3. FORCE_AFTER_MS later every connection still open is destroyed: a hung
 *    handler, a client that never sends the rest of its request, a WebSocket
 *    whose peer never answers the close handshake. `server.close()` waits for
 *    all of them, upgraded sockets included, which Node's own
 *    `closeAllConnections()` does not reach.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  const controller = new AbortController();
  app.decorate('closeSignal', controller.signal);
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let closing = false;
  const timers: NodeJS.Timeout[] = [];
  app.addHook('preClose', (done) => {
    closing = true;
    const abort = setTimeout(() => {
      controller.abort();
      const force = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, FORCE_AFTER_MS);
      force.unref();
      timers.push(force);
    }, CLOSE_GRACE_MS);
    abort.unref();
    timers.push(abort);
    done();
  });
  // Registered first, so it runs after every other onClose hook: the close is over, nothing left to cut.
  app.addHook('onClose', (_instance, done) => {
    for (const timer of timers) clearTimeout(timer);
    controller.abort();
    done();
  });
  // Callback-style and a single flag check: it runs on every answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
