import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server (PostgreSQL, Redis) that a test can cut
 * and restore: `cut()` drops every connection through it and refuses new ones,
 * as a restart, a failover or a broken network does; `restore()` listens again
 * on the same port. `stall()` keeps every connection open and accepts new ones
 * but forwards nothing, as a hung server or a black-holed route does, until
 * `unstall()`; `sent` is every byte clients sent through it (forwarded or not).
 * The app under test is pointed at `port` instead of the server.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<{
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  stall: () => void;
  unstall: () => void;
  sent: () => string;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let stalled = false;
  let sent = '';
  const relay = (client: Socket): void => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => {
      sent += chunk.toString('latin1');
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!stalled) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    stall: () => {
      stalled = true;
    },
    unstall: () => {
      stalled = false;
    },
    sent: () => sent,
    async restore() {
      server = createServer(relay);
      await listen(port);
    },
    close: stop,
  };
}
