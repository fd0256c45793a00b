import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { createUploadStorage } from './adapters/storage/upload-storage.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createCrashPoint } from './crash-point.ts';
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
import { createNodeMetrics } from './metrics/node-metrics.ts';
import { registerAdminChat } from './modules/admin/admin-chat.ts';
import { registerAdminFeature } from './modules/admin/admin-feature.ts';
import { registerCleanupJob } from './modules/cleanup/cleanup-job.ts';
import { registerReportsFeature } from './modules/reports/reports-feature.ts';
import { registerAccountsFeature } from './modules/account/accounts-feature.ts';
import { createSessionEnds } from './modules/auth/session-ends.ts';
import type { AgentAuthenticator } from './modules/chat/chat-agent-auth.ts';
import { registerChatFeature } from './modules/chat/chat-feature.ts';
import { registerDepositFeature } from './modules/deposit/deposit-feature.ts';
import { truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';
import { registerGameArtRoutes } from './modules/games/game-art-routes.ts';
import { registerHealthRoutes } from './modules/health/health-routes.ts';
import { createQueueFiguresRepository } from './modules/health/queue-figures-repository.ts';
import { createLookupService } from './modules/lookup/lookup-service.ts';
import { registerLookupRoutes } from './modules/lookup/lookup-routes.ts';
import { createSettingsRepository } from './modules/lookup/settings-repository.ts';
import { createRewardsFeature } from './modules/rewards/rewards-feature.ts';
import { rewardsSpinBonuses } from './modules/rewards/spin-bonus-adapter.ts';
import { registerSpinFeature } from './modules/spin/spin-feature.ts';
import type { SpinBonusPort } from './modules/spin/bonus-port.ts';
import type { SeedSource } from './modules/spin/fair-draw.ts';
import { registerStatementFeature } from './modules/statement/statement-routes.ts';
import { registerWalletFeature } from './modules/wallet/wallet-feature.ts';
import { registerWithdrawFeature } from './modules/withdraw/withdraw-feature.ts';
import { registerMoneyDeskFeature } from './modules/money-desk/money-desk-feature.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Health answers 503 from now on, so the balancer stops sending here; requests are still served. */
    drain: () => void;
    /** While true, /api/health answers 503 `starting` (start-up work under way: main.ts). */
    startingUp: (starting: boolean) => void;
  }
}

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
};

/** JSON bodies are small; uploads go through multipart routes with their own limits. */
const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the whole HTTP app; main.ts and the tests (app.inject) both use it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
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
  app.decorate('metrics', metrics);
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
  app.decorate('drain', health.drain);
  app.decorate('startingUp', health.startingUp);
  registerLookupRoutes(app, lookups);
  // Members' and operators' sessions that end are told here; the chat closes their sockets (docs/chat.md).
  const sessionEnds = createSessionEnds();
  // Before any module with member routes: it decorates app.requireMember.
  const accounts = registerAccountsFeature(app, { config: deps.config, db: deps.db, clock, lookups, settings, sessionEnds });
  // Before any module with admin routes: it decorates app.adminGuard (docs/operators.md).
  const admin = await registerAdminFeature(app, {
    config: deps.config,
    db: deps.db,
    clock,
    settings,
    lookups,
    accounts,
    sessionEnds,
    startJobs: deps.startJobs ?? true,
  });
  const rewards = createRewardsFeature(app, { config: deps.config, db: deps.db, clock, settings, startJobs: deps.startJobs ?? true });
  // The crash test's hook (crash-point.ts): absent unless CRASH_AT is set, never in production.
  const crash = deps.config.crashAt ? createCrashPoint(deps.config.crashAt) : undefined;
  registerWalletFeature(app, {
    ...(crash ? { crash } : {}),
    config: deps.config,
    db: deps.db,
    clock,
    settings,
    profile: accounts.profile,
    inviteAmount: rewards.rewards.inviteAmount,
    startJobs: deps.startJobs ?? true,
  });
  rewards.register();
  registerStatementFeature(app, { db: deps.db });
  // Slips and chat media: this node's disk, or the bucket every node shares (docs/operations.md, "Uploads").
  const uploads = createUploadStorage(deps.config);
  app.addHook('onClose', (_instance, done) => {
    uploads.close();
    done();
  });
  await registerChatFeature(app, {
    config: deps.config,
    db: deps.db,
    clock,
    lookups,
    settings,
    auth: accounts.auth,
    members: accounts.members,
    authenticateAgent: deps.authenticateChatAgent ?? admin.authenticateChatAgent,
    storage: uploads.area('chat'),
    redis,
    agentSessions: admin.chatAgentSessions,
    sessionEnds,
    sessionSweepMs: deps.chatSessionSweepMs,
  });

  // The support chat console under /api/admin/chat (needs the chat feature's agents service).
  await registerAdminChat(app);

  // The gift-link key: the deposit feature decrypts with it, the served page hands it to the web.
  const truelinkKey = await truelinkKeyFromSecret(deps.config.secrets.truelinkSecret);
  const deposits = await registerDepositFeature(app, {
    truelinkKey,
    config: deps.config,
    db: deps.db,
    clock,
    lookups,
    settings,
    storage: uploads.area('slips'),
    startJobs: deps.startJobs ?? true,
  });
  registerWithdrawFeature(app, {
    config: deps.config,
    db: deps.db,
    clock,
    lookups,
    settings,
    startJobs: deps.startJobs ?? true,
    bonuses: rewards.bonuses,
    blacklist: accounts.blacklist,
  });
  registerSpinFeature(app, {
    db: deps.db,
    clock,
    sandbox: deps.config.sandbox,
    bonuses: deps.spinBonuses ?? rewardsSpinBonuses,
    ...(deps.spinSeeds ? { seeds: deps.spinSeeds } : {}),
  });
  registerMoneyDeskFeature(app, { db: deps.db, clock, settings, lookups, deposits, blacklist: accounts.blacklist });
  registerCleanupJob(app, { db: deps.db, clock, settings, startJobs: deps.startJobs ?? true });
  registerReportsFeature(app, { config: deps.config, db: deps.db, clock, startJobs: deps.startJobs ?? true });

  registerGameArtRoutes(app);
  if (deps.config.sandbox) {
    // The sandbox wing is loaded only with it on: production modules never import it (docs/sandbox.md).
    const { registerSandboxWing } = await import('./sandbox/sandbox-wing.ts');
    await registerSandboxWing(app, {
      config: deps.config,
      db: deps.db,
      clock,
      lookups,
      rewardsJob: app.rewardsJob,
      ...(crash ? { crash } : {}),
    });
  }

  await registerWebApp(app, deps.config.webDist, { truelinkKey, sandbox: deps.config.sandbox }, deps.config.adminDist);
  return app;
}
