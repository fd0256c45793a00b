import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { RedisLink } from '../../redis/redis-link.ts';

/**
 * While the link is down, this node's clients backfill from the database this often, so what
 * other nodes stored meanwhile reaches them without waiting for Redis.
 */
export const OUTAGE_RESYNC_MS = 10_000;

/**
 * socket.io across nodes over the node's Redis link (docs/chat.md, "Realtime across nodes").
 *
 * The streams adapter appends each event to one Redis stream and delivers it to this node's
 * sockets once the append has answered, or failed. Over the fail-fast link an append fails at once
 * while Redis is unreachable, so sockets on this node get every event at once during an outage;
 * those on other nodes miss it. The database holds every message, so:
 * - while the link is down, this node's clients are told to `resync` (backfill from their last
 *   seq) every OUTAGE_RESYNC_MS;
 * - when it is back, every client of every node is told to `resync`: this node's, which may have
 *   missed events of other nodes, and other nodes', which missed this node's (their own link may
 *   never have dropped). Clients merge by seq, so nothing arrives twice.
 * The stream reader and the subscriber are connections that wait through an outage and resume
 * from their last entry.
 */
export function relayThroughRedis(
  app: FastifyInstance,
  io: Server,
  link: RedisLink,
  streamName: string,
  resync: (everywhere: boolean) => void,
): void {
  io.adapter(createAdapter(link.client, { streamName, maxLen: 10_000 }));
  let timer: NodeJS.Timeout | undefined;
  let missedSome = false;
  const down = (): void => {
    missedSome = true;
    clearInterval(timer);
    timer = setInterval(() => resync(false), OUTAGE_RESYNC_MS).unref();
  };
  link.onChange((up) => {
    if (!up) return down();
    clearInterval(timer);
    if (!missedSome) return;
    missedSome = false;
    app.log.info('chat relay back: every client resyncs');
    resync(true);
  });
  // A node that starts while Redis is unreachable relays on this node only from the start.
  if (!link.usable()) down();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
}
