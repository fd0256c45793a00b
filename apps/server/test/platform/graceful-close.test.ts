import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ZTransferResponse } from '@jetton/contract/wallet';
import { connected, customerSocket, newGuest } from '../support/chat-support.ts';
import { testEngines } from '../support/engines.ts';
import { fundedPlayer, sandboxOf } from '../support/demo-provider-helpers.ts';
import { startTestApp } from '../support/test-app.ts';
import { activated, setWalletRules, transfer, walletMember } from '../support/wallet-support.ts';

/** Rejects after `ms`: turns a hang into a failure, not a performance bound. */
function failAfter(ms: number, what: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} still pending after ${ms} ms`)), ms).unref());
}

/** Resolves when the next request reaches `server` (published before Fastify routes it). */
function nextRequestTo(server: unknown): Promise<IncomingMessage> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      const { request, server: target } = message as { request: IncomingMessage; server: unknown };
      if (target !== server) return;
      diagnostics.unsubscribe('http.server.request.start', listener);
      resolve(request);
    };
    diagnostics.subscribe('http.server.request.start', listener);
  });
}

/** A raw TCP connection to the app that has sent `bytes` and then says nothing; resolves once `ready` is seen (or at once). */
function silentClient(port: number, bytes: string, ready?: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    let seen = '';
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(bytes);
      if (!ready) resolve({ socket, closed });
    });
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (ready && seen.includes(ready)) resolve({ socket, closed });
    });
    socket.once('close', () => reject(new Error(`closed before '${ready ?? ''}': ${seen.slice(0, 200)}`)));
  });
}

describe.each(testEngines())('closing the app under load (%s database)', (engine) => {
  // Set-up alone (an app, a funded player) took over 20 s on a loaded machine: the default 30 s was too tight.
  it(
    'lets a simulator call in flight over keep-alive HTTP finish, then closes without waiting out the keep-alive timeout',
    { timeout: 120_000 },
    async () => {
      const t = await startTestApp(engine);
      const sandbox = sandboxOf(t);
      const pg = sandbox.provider('pg', { timeoutMs: 10_000 });
      // Earlier calls leave keep-alive connections from the adapters' client to this same server.
      const { username } = await fundedPlayer(pg, 500n);
      await sandbox.setFaults({ game: 'pg', latencyMs: 1_000 });

      const arrived = nextRequestTo(t.app.server);
      const balance = pg.getBalance(username);
      const request = await arrived;
      expect(request.url).toContain('/sandbox/games/');
      // Routed by now (the channel fires just before the server emits 'request'):
      // the call is in flight, held by the latency fault, when close begins.
      await new Promise((resolve) => setImmediate(resolve));
      const closed = t.close();

      // Graceful: the call in flight still gets its answer...
      expect(await balance).toBe(500n);
      // ...and close does not sit on its connection for Fastify's 72 s keep-alive.
      await Promise.race([closed, failAfter(20_000, 'app.close()')]);
      expect(t.app.server.listening).toBe(false);
    },
  );

  it(
    'ends within its deadline while a provider call hangs and sockets stay connected: the call is aborted, the sockets closed',
    { timeout: 180_000 },
    async () => {
      const t = await startTestApp(engine);
      const port = (t.app.server.address() as { port: number }).port;
      // No deadline of the call's own can end it during this test: only the close can.
      await setWalletRules(t, { providerTimeoutMs: 600_000 });
      const m = await walletMember(t, 10_000n);
      await activated(t, m, 'pg');
      await sandboxOf(t).setFaults({ game: 'pg', timeout: true, hangMs: 120_000 });

      // Connected: a chat widget; a WebSocket whose peer never answers the close handshake; a client
      // that sent half a request and went quiet (each would hold server.close() for 30 to 60 s).
      const widget = customerSocket(`http://127.0.0.1:${port}`, await newGuest(t));
      await connected(widget);
      const widgetGone = new Promise<string>((resolve) => widget.once('disconnect', (reason) => resolve(reason)));
      const deafSocket = await silentClient(
        port,
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        '101 Switching Protocols',
      );
      const halfRequest = await silentClient(port, 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n');

      // A member's transfer whose provider call is held by the simulator.
      const arrived = nextRequestTo(t.app.server);
      const sent = transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 25 });
      expect((await arrived).url).toContain('/sandbox/games/api/pg/transfers');

      await Promise.race([t.app.close(), failAfter(60_000, 'app.close()')]);
      expect(t.app.server.listening).toBe(false);
      // The hung call was aborted by the close (no deadline of its own could have ended it yet):
      // the member is told it is pending, and reconciliation will settle it.
      const res = await Promise.race([sent, failAfter(30_000, 'the transfer')]);
      expect(res.statusCode, res.body).toBe(202);
      const answer = ZTransferResponse.parse(res.json());
      expect(answer.status).toBe('PENDING');
      const row = await t.database.db
        .selectFrom('transfers')
        .select(['status', 'reason'])
        .where('id', '=', answer.transferId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'PENDING', reason: 'timeout' });
      // Every socket was closed by the server.
      await Promise.race([Promise.all([widgetGone, deafSocket.closed, halfRequest.closed]), failAfter(10_000, 'the sockets')]);
      widget.close();
      await t.close();
    },
  );
});
