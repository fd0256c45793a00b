import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A documentation fixture (test/fixtures/<service>/...json), read as data. */
export function readFixture<T>(name: string): T {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
  return JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T;
}

export type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
export type Reply = { status: number; body: unknown } | { raw: string; status: number } | 'hang';

/**
 * A stand-in service that answers what the test queues (the documentation's examples): it
 * records every request, so a test checks what the adapter sent as well as what it made of the answer.
 */
export async function replayServer(): Promise<{
  url: string;
  requests: Recorded[];
  next: (reply: Reply) => void;
  close: () => Promise<void>;
}> {
  const requests: Recorded[] = [];
  const queue: Reply[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const reply = queue.shift() ?? { status: 500, body: { message: 'nothing queued' } };
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end('raw' in reply ? reply.raw : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    next: (reply) => queue.push(reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The shape of a JSON value: its keys, recursively (arrays by their first item); what "the same fields" means. */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  return typeof value;
}
