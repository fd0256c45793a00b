import type { Redis } from 'ioredis';

/** XREAD's reply in ioredis's RESP2 mapping: per stream, its key and its entries (id, fields). */
type XReadReply = [key: string, entries: [id: string, fields: string[]][]][] | null;
type XRead = (...args: (string | number)[]) => Promise<XReadReply>;

/**
 * Makes a connection's blocking stream reads continue from the last entry they saw, never from `$`.
 *
 * The chat's socket.io streams adapter reads with the id `$` ("only what is appended after this
 * call") until its first entry arrives. Each of those reads ends empty after its block time and the
 * next starts at a new `$`, so an entry appended between the two (a round trip, every 5 s on an
 * idle stream, and the whole reconnect after an outage) was never delivered to this node's sockets.
 * Here the first `$` becomes the stream's last id at that moment and every later `$` the last id seen
 * since: the adapter gets each entry appended after it started, once. Reads that name an id pass as
 * they are (docs/chat.md, "Realtime across nodes").
 */
export function readStreamsOnward(client: Redis): void {
  const read = client.xread.bind(client) as unknown as XRead;
  const lastSeen = new Map<string, string>();
  const onward: XRead = async (...args) => {
    const keyAt = args.indexOf('STREAMS') + 1;
    // The adapter reads one stream at a time: STREAMS <key> <id>.
    const key = String(args[keyAt]);
    if (keyAt > 0 && args.length === keyAt + 2 && args[keyAt + 1] === '$') {
      const from = lastSeen.get(key) ?? (await lastEntryId(client, key));
      lastSeen.set(key, from);
      args[keyAt + 1] = from;
    }
    const reply = await read(...args);
    const last = reply?.[0]?.[1].at(-1)?.[0];
    if (last !== undefined) lastSeen.set(key, last);
    return reply;
  };
  Object.assign(client, { xread: onward });
}

/** The id of the stream's newest entry, or `0-0` for an empty or missing stream (every later id is above it). */
async function lastEntryId(client: Redis, key: string): Promise<string> {
  const [newest] = await client.xrevrange(key, '+', '-', 'COUNT', 1);
  return newest?.[0] ?? '0-0';
}
