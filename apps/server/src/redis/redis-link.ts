import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { readStreamsOnward } from './stream-reads.ts';

/**
 * How long one command may take before Redis counts as unreachable. Redis answers in well under a
 * millisecond; a command still unanswered after this is a hung server or a black-holed network.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** ioredis's options, in its default (RESP2) reply mapping. */
type Options = Omit<RedisOptions, 'replyMapping'>;
/** How long a new node waits for its first connection, so its first counted call is counted in Redis. */
const FIRST_CONNECT_WAIT_MS = 1_000;

/**
 * What a connection that may wait needs: blocking stream reads and subscriptions queue through an
 * outage and resume on their own when Redis is back (docs/faults.md, "Redis lost").
 */
const WAITING: Options = { maxRetriesPerRequest: null, connectTimeout: 2_000 };

/**
 * A connection whose commands may be sent by no one who waits for them: ioredis's own resubscribe
 * after a reconnect, a socket.io adapter's fire-and-forget publish. Their failure (the connection
 * closed under them) is the caller's to handle when there is a caller; this handler only keeps it
 * from becoming an unhandled rejection, which would end the process.
 */
class QuietRedis extends Redis {
  constructor(url: string, options: Options) {
    super(url, options);
  }

  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    const sent = super.sendCommand(...args);
    args[0].promise.catch(() => undefined);
    return sent;
  }
}

/**
 * The command connection: never waits on Redis. A command sent while the connection is down fails
 * at once (no offline queue, no retries), one that hangs fails after REDIS_COMMAND_TIMEOUT_MS and
 * drops the connection, so the link counts as down until a fresh connection answers again; a
 * command cut by a drop is never sent a second time (a stream entry would be relayed twice).
 */
class FailFastRedis extends QuietRedis {
  private readonly url: string;
  private readonly onHang: () => void;
  private readonly waiting: Redis[];

  constructor(url: string, onHang: () => void, waiting: Redis[]) {
    super(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
      // Reconnect in the background, soon: every 100 ms more per attempt, at most every second.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    });
    this.url = url;
    this.onHang = onHang;
    this.waiting = waiting;
  }

  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    const [command] = args;
    const sent = super.sendCommand(...args);
    command.promise.catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Command timed out') this.onHang();
    });
    return sent;
  }

  /** Connections made from this one (the chat adapter's stream reader and subscriber) wait instead of failing. */
  override duplicate(override?: Options): Redis {
    const client = new QuietRedis(this.url, { ...WAITING, ...override });
    readStreamsOnward(client);
    this.waiting.push(client);
    return client;
  }
}

export type RedisLink = {
  /** The shared command connection (rate-limit counters, chat limits, the chat relay's publishes). */
  client: Redis;
  /** Whether Redis answers now: callers that get false use their per-node fallback without trying. */
  usable: () => boolean;
  /** Called on every change: false when the link goes down, true when it is back. */
  onChange: (listener: (up: boolean) => void) => void;
  /** Times the link went down since the node started (a metric). */
  outages: () => number;
  close: () => Promise<void>;
};

/**
 * One node's link to Redis (REDIS_URL). Redis is optional at run time as at start: nothing that
 * answers a request waits on it, every user keeps a per-node fallback, and ioredis reconnects in
 * the background (docs/faults.md, "Redis lost").
 */
export async function openRedisLink(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const waiting: Redis[] = [];
  const listeners: ((up: boolean) => void)[] = [];
  let up = false;
  let outages = 0;
  let closing = false;
  let hung = false;
  const client: Redis = new FailFastRedis(
    url,
    () => {
      // A hung command: the link is down from now until a fresh connection answers. The socket is
      // destroyed, not ended: a stopped server never answers an end, and the client would wait on it.
      if (!hung) log.warn('redis did not answer within %d ms: dropping the connection', REDIS_COMMAND_TIMEOUT_MS);
      hung = true;
      change(false);
      client.stream.destroy();
    },
    waiting,
  );
  function change(now: boolean): void {
    if (now === up || closing) return;
    up = now;
    if (now) log.info('redis link up');
    else {
      outages++;
      log.warn('redis link down: rate limits and chat limits count per node, the chat relays on this node only until it is back');
    }
    for (const listener of listeners) listener(now);
  }
  client.on('error', (error: unknown) => log.debug({ err: error }, 'redis error'));
  client.on('ready', () => {
    hung = false;
    change(true);
  });
  client.on('close', () => change(false));
  await firstConnection(client, FIRST_CONNECT_WAIT_MS);
  // A link that never came up counts as an outage from the start.
  if (!up) outages++;
  return {
    client,
    usable: () => client.status === 'ready' && !hung,
    onChange: (listener) => listeners.push(listener),
    outages: () => outages,
    close: async () => {
      closing = true;
      for (const other of waiting) other.disconnect();
      // quit() needs a live connection (there is no offline queue): with Redis down it would fail.
      if (client.status !== 'ready') return client.disconnect();
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Resolves once the client is ready, or has failed to connect, or after `ms`: never rejects, Redis is optional. */
function firstConnection(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
    client.once('error', done);
  });
}
