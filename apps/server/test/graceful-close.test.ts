import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { testEngines } from './engines.ts';
import { fundedPlayer, sandboxOf } from './demo-provider-helpers.ts';
import { startTestApp } from './test-app.ts';

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

describe.each(testEngines())('closing the app under load (%s database)', (engine) => {
  it('lets a simulator call in flight over keep-alive HTTP finish, then closes without waiting out the keep-alive timeout', async () => {
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
  });
});
