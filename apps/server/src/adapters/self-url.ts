import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/**
 * The base URL at which adapters reach the built-in simulators under /sandbox.
 * Each simulator sits behind a real HTTP boundary (docs/sandbox.md), so
 * by default an adapter calls this very server over loopback; SANDBOX_BASE_URL
 * points them elsewhere. Resolved lazily: the port is known only after listen.
 */
export function createSelfUrl(app: FastifyInstance, configured: string | undefined): () => string {
  return () => {
    if (configured) return configured.replace(/\/$/, '');
    const address: AddressInfo | string | null = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server is not listening on TCP: set SANDBOX_BASE_URL');
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
  };
}
