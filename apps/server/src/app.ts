import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { endLeasesOfDeadProcess } from './http/idempotency.ts';
import type { DatabaseEngine, PoolStats } from './db/database.ts';
import type { DB } from './db/schema.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { answerClientError, answerFrameworkError, registerNulGuard, registerOversizeBodyRefusal } from './http/hostile-input.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { openRedisLink } from './redis/redis-link.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { validatorCompiler } from './http/validation.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerMetricsRoute } from './metrics/metrics-routes.ts';
import { createNodeMetrics, type NodeMetrics } from './metrics/node-metrics.ts';
import { composeFeatures, type FeatureServices } from './compose.ts';
import type { AgentAuthenticator } from './modules/chat/chat-agent-auth.ts';
import { registerHealthRoutes } from './modules/health/health-routes.ts';
import { createQueueFiguresRepository } from './modules/health/queue-figures-repository.ts';
import { createLookupService } from './modules/lookup/lookup-service.ts';
import { registerBankLogoRoutes } from './modules/lookup/bank-logos.ts';
import { registerLookupRoutes } from './modules/lookup/lookup-routes.ts';
import { registerMoneyLookupRoutes } from './modules/lookup/money-lookup-routes.ts';
import { createMoneyRules } from './modules/lookup/money-rules.ts';
import { createSettingsRepository } from './modules/lookup/settings-repository.ts';
import type { SpinBonusPort } from './modules/spin/bonus-port.ts';
import type { SeedSource } from './modules/spin/fair-draw.ts';

/** What the built app gives its owner (main.ts, the tests, the benches): the features' services and jobs, and the node's own. */
export type AppServices = FeatureServices & {
  metrics: NodeMetrics;
  /** Health answers 503 from now on, so the balancer stops sending here; requests are still served. */
  drain: () => void;
  /** While true, /api/health answers 503 `starting` (start-up work under way: main.ts). */
  startingUp: (starting: boolean) => void;
};

/** The Fastify app with its services beside it; features never read them from here (docs/engineering.md, "Composition"). */
export type App = FastifyInstance & { services: AppServices };

export type AppDeps = {
  config: Config;
  db: Kysely<DB>;
  engine: DatabaseEngine;
  /** PostgreSQL: the pool's connections, for the metrics. */
  poolStats?: () => PoolStats;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Background jobs on timers (transfer reconciliation); default on. */
  startJobs?: boolean;
  /** Proves a support agent's chat connection. Default: the back office's (an operator session with `chat.reply`). */
  authenticateChatAgent?: AgentAuthenticator;
  /**
   * How often each node re-reads the sessions behind all its chat sockets (default 1 s: docs/chat.md,
   * "Sessions end everywhere"); tests slow it down to see the other paths alone at work.
   */
  chatSessionSweepMs?: number;
  /** The spin wheel's seed source; tests pass a seeded one (default: the OS CSPRNG). */
  spinSeeds?: SeedSource;
  /** The bonus module's side of the spin wheel (bonus coupons, BONUS_REMAINING); until it is wired, none (docs/spin.md). */
  spinBonuses?: SpinBonusPort;
  /** The AUTO deposit accounts' statement poller on its timer; default: as startJobs (tests drive it by hand). */
  autoDepositPoller?: boolean;
};

/** JSON bodies are small; uploads go through multipart routes with their own limits. */
const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the whole HTTP app; main.ts and the tests (app.inject) both use it. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: deps.config.trustProxy,
    // One access-log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals made before routing (a malformed URL, an over-long path parameter) in the house shape.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const metrics = createNodeMetrics({ now: clock.now });
  registerNulGuard(app);
  registerOversizeBodyRefusal(app);
  // At the root, before any route: answers in flight at close end their keep-alive connection.
  registerGracefulClose(app);
  // Callback-style hooks: they run on every request, and an async hook costs a promise each.
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the raw URL: unknown paths share one label, so they cannot grow the series.
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  registerSecurityHeaders(app);
  registerCompression(app);
  await registerOpenApi(app);
  // Optional at run time as at start: everything that uses it has a per-node fallback (docs/faults.md, "Redis lost").
  const redis = deps.config.redisUrl ? await openRedisLink(deps.config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  await registerRateLimit(app, redis);

  if (deps.engine === 'embedded') {
    const ended = await endLeasesOfDeadProcess(deps.db, clock.now());
    if (ended > 0) app.log.warn({ keys: ended }, 'idempotency keys of requests that died with the previous process: leases ended');
  }
  const settings = createSettingsRepository(deps.db);
  const lookups = createLookupService({ settings, clock, log: app.log });
  const health = registerHealthRoutes(app, { db: deps.db, engine: deps.engine, redisUp: redis?.usable });
  const queueFigures = createQueueFiguresRepository(deps.db);
  metrics.setSources({
    queues: () => queueFigures.read(clock.now()),
    healthy: health.healthy,
    ...(deps.poolStats ? { pool: deps.poolStats } : {}),
    ...(redis ? { redisUp: redis.usable, redisOutages: redis.outages } : {}),
  });
  registerMetricsRoute(app, metrics, deps.config.metrics.token);
  registerLookupRoutes(app, lookups);
  registerMoneyLookupRoutes(app, createMoneyRules({ settings, clock, log: app.log }));
  registerBankLogoRoutes(app);
  const { truelinkKey, services } = await composeFeatures(app, {
    config: deps.config,
    db: deps.db,
    clock,
    metrics,
    settings,
    lookups,
    redis,
    startJobs: deps.startJobs ?? true,
    authenticateChatAgent: deps.authenticateChatAgent,
    chatSessionSweepMs: deps.chatSessionSweepMs,
    spinSeeds: deps.spinSeeds,
    spinBonuses: deps.spinBonuses,
    autoDepositPoller: deps.autoDepositPoller,
  });

  await registerWebApp(app, deps.config.webDist, { truelinkKey, sandbox: deps.config.sandbox }, deps.config.adminDist);
  const appServices: AppServices = { ...services, metrics, drain: health.drain, startingUp: health.startingUp };
  return withServices(app, appServices);
}

/** The app with its services beside it (a FastifyInstance parameter, so the thenable type Fastify() returns is left behind). */
function withServices(app: FastifyInstance, services: AppServices): App {
  return Object.assign(app, { services });
}
