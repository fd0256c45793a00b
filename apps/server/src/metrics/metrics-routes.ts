import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { metricsAccess } from './metrics-access.ts';
import type { NodeMetrics } from './node-metrics.ts';

export const METRICS_PATH = '/metrics';

/** GET /metrics on the app's own port: the Prometheus text format, to an operator's bearer token only. */
export function registerMetricsRoute(app: FastifyInstance, metrics: NodeMetrics, token: string | undefined): void {
  const allowed = metricsAccess(token, 'main');
  // Registered even with no token, so the path answers 404 rather than the web app's index.html.
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const verdict = allowed(request.headers.authorization);
    if (verdict === 404) return reply.status(404).send({ message: 'NOT_FOUND' });
    if (verdict === 401) return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'invalid-token' });
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}

/** A listener of its own for /metrics only (METRICS_PORT), so the figures need not pass the public port at all. */
export async function startMetricsServer(
  metrics: NodeMetrics,
  options: { host: string; port: number; token: string | undefined },
): Promise<Server> {
  const allowed = metricsAccess(options.token, 'metrics-port');
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const verdict = request.method === 'GET' && path === METRICS_PATH ? allowed(request.headers.authorization) : 404;
    if (verdict !== 'ok') {
      response
        .writeHead(verdict, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: verdict === 404 ? 'NOT_FOUND' : 'invalid-token' }));
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'INTERNAL_SERVER_ERROR' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
