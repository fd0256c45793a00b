import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';
import { demoAgentKey } from './adapters/party-keys.ts';
import { createSelfUrl } from './adapters/self-url.ts';
import { createUploadStorage } from './adapters/storage/upload-storage.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createCrashPoint } from './crash-point.ts';
import type { DB } from './db/schema.ts';
import { createJobScheduler } from './jobs/periodic-job.ts';
import type { NodeMetrics } from './metrics/node-metrics.ts';
import { AppError } from './http/app-error.ts';
import { registerAccountFeature } from './modules/account/account-feature.ts';
import { registerAdminFeature } from './modules/admin/admin-feature.ts';
import { deriveAuditKeys } from './modules/admin/audit-chain.ts';
import { createAuditWriter } from './modules/admin/audit-log.ts';
import { createSessionEnds } from './modules/auth/session-ends.ts';
import type { AgentAuthenticator } from './modules/chat/chat-agent-auth.ts';
import { registerChatAdminRoutes } from './modules/chat/chat-admin-routes.ts';
import { registerChatFeature } from './modules/chat/chat-feature.ts';
import { registerCleanupJob } from './modules/cleanup/cleanup-job.ts';
import { registerAutoDepositFeature } from './modules/auto-deposit/auto-deposit-feature.ts';
import { registerCareFeature } from './modules/care/care-feature.ts';
import { registerDepositFeature } from './modules/deposit/deposit-feature.ts';
import { registerPushFeature } from './modules/push/push-feature.ts';
import { registerGameArtRoutes } from './modules/games/game-art-routes.ts';
import type { LookupService } from './modules/lookup/lookup-service.ts';
import type { SettingsRepository } from './modules/lookup/settings-repository.ts';
import { registerLineFeature } from './modules/line/line-feature.ts';
import { registerMoneyDeskFeature } from './modules/money-desk/money-desk-feature.ts';
import { registerReportsFeature } from './modules/reports/reports-feature.ts';
import { createRewardsFeature } from './modules/rewards/rewards-feature.ts';
import { rewardsSpinBonuses } from './modules/rewards/spin-bonus-adapter.ts';
import type { SpinBonusPort } from './modules/spin/bonus-port.ts';
import type { SeedSource } from './modules/spin/fair-draw.ts';
import { registerSpinFeature } from './modules/spin/spin-feature.ts';
import { registerStatementRoutes } from './modules/statement/statement-routes.ts';
import { createGameProviders } from './modules/wallet/game-providers.ts';
import { registerWalletFeature } from './modules/wallet/wallet-feature.ts';
import { createWalletRules } from './modules/wallet/wallet-rules.ts';
import { registerWithdrawFeature } from './modules/withdraw/withdraw-feature.ts';
import type { RedisLink } from './redis/redis-link.ts';

export type ComposeInput = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  metrics: NodeMetrics;
  settings: SettingsRepository;
  lookups: LookupService;
  redis: RedisLink | undefined;
  startJobs: boolean;
  authenticateChatAgent?: AgentAuthenticator | undefined;
  chatSessionSweepMs?: number | undefined;
  spinSeeds?: SeedSource | undefined;
  spinBonuses?: SpinBonusPort | undefined;
  /** The AUTO deposit accounts' statement poller on its timer; default: as startJobs. */
  autoDepositPoller?: boolean | undefined;
};

/**
 * The one place that builds the shared services (each once: the game providers, the wallet's rules,
 * the audit chain's key, the job scheduler, the uploads) and hands each feature what it needs
 * (docs/engineering.md, "Composition"). Features never reach for each other through the app
 * instance; what they give back (jobs, services) is returned here for main.ts and the tests.
 */
export async function composeFeatures(app: FastifyInstance, input: ComposeInput) {
  const { config, db, clock, settings, lookups, metrics } = input;
  // LINE hears of every pass too (a job failing again and again alerts the operators); set once LINE is registered.
  const lineHook: { jobPassed?: (name: string, ok: boolean) => void } = {};
  const jobs = createJobScheduler(app, {
    enabled: input.startJobs,
    onPass: (name, ok) => {
      metrics.jobPass(name, ok);
      lineHook.jobPassed?.(name, ok);
    },
  });
  const walletRules = createWalletRules({
    settings,
    clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.wallet setting malformed: using defaults'),
  });
  const providers = createGameProviders({
    apiBaseUrl: createSelfUrl(app, config.sandboxBaseUrl),
    // The member's browser reaches the simulator on the site's own origin unless it lives elsewhere.
    playerBaseUrl: () => config.sandboxBaseUrl?.replace(/\/$/, '') ?? '',
    agentKey: demoAgentKey(config.secrets.tokenSecret),
    signal: app.closeSignal,
  });
  // The audit chain's key, from the token secret (docs/operators.md, "Audit trail"), and the one writer every feature records with.
  const auditKeys = deriveAuditKeys(config.secrets.tokenSecret);
  const audit = createAuditWriter(auditKeys);
  // The crash test's hook (crash-point.ts): absent unless CRASH_AT is set, never in production.
  const crash = config.crashAt ? createCrashPoint(config.crashAt) : undefined;
  // Members' and operators' sessions that end are told here; the chat closes their sockets (docs/chat.md).
  const sessionEnds = createSessionEnds();

  // Before any module with member routes: it adds the member guard (app.requireMember).
  const accounts = registerAccountFeature(app, { config, db, clock, lookups, settings, sessionEnds });
  // Before any module with admin routes: it adds the admin guard (docs/operators.md).
  const admin = await registerAdminFeature(app, {
    config,
    db,
    clock,
    settings,
    lookups,
    accounts,
    sessionEnds,
    jobs,
    auditKeys,
    audit,
    metrics,
  });
  // Player care before the money features: its gate sees their routes, they ask its limits (docs/player-care.md).
  const care = registerCareFeature(app, {
    db,
    clock,
    audit,
    checkPassword: async (memberId, password) => {
      const member = await accounts.members.findById(memberId);
      if (!member) throw new AppError('invalid-token');
      await accounts.auth.checkPassword(member, password);
    },
  });
  const rewards = createRewardsFeature(app, { db, clock, settings, jobs, providers, walletRules, audit });
  const wallet = registerWalletFeature(app, {
    ...(crash ? { crash } : {}),
    config,
    db,
    clock,
    settings,
    profile: accounts.profile,
    inviteAmount: rewards.rewards.inviteAmount,
    jobs,
    providers,
    rules: walletRules,
    metrics,
    limits: care.limits,
    onPlay: care.notePlay,
  });
  const rewardsParts = rewards.register();
  registerStatementRoutes(app, { db });
  // Slips and chat media: this node's disk, or the bucket every node shares (docs/operations.md, "Uploads").
  const uploads = createUploadStorage(config);
  app.addHook('onClose', (_instance, done) => {
    uploads.close();
    done();
  });
  const chat = await registerChatFeature(app, {
    config,
    db,
    clock,
    lookups,
    settings,
    auth: accounts.auth,
    members: accounts.members,
    authenticateAgent: input.authenticateChatAgent ?? admin.authenticateChatAgent,
    storage: uploads.area('chat'),
    redis: input.redis,
    agentSessions: admin.chatAgentSessions,
    sessionEnds,
    sessionSweepMs: input.chatSessionSweepMs,
  });
  // The support chat console under /api/admin/chat.
  await registerChatAdminRoutes(app, chat.chatAgents);

  // The gift-link key: the deposit feature decrypts with it, the served page hands it to the web.
  const truelinkKey = await truelinkKeyFromSecret(config.secrets.truelinkSecret);
  const deposits = await registerDepositFeature(app, {
    truelinkKey,
    config,
    db,
    clock,
    lookups,
    settings,
    storage: uploads.area('slips'),
    jobs,
    limits: care.limits,
  });
  // Automatic deposits (docs/auto-deposit.md): the statement poller and the SMS forwarder webhook feed one pipeline.
  const autoDeposit = await registerAutoDepositFeature(app, {
    config,
    db,
    clock,
    lookups,
    settings,
    deposits,
    jobs,
    metrics,
    audit,
    startPoller: input.startJobs && (input.autoDepositPoller ?? true),
  });
  const withdrawals = registerWithdrawFeature(app, {
    config,
    db,
    clock,
    settings,
    jobs,
    bonuses: rewards.bonuses,
    blacklist: accounts.blacklist,
  });
  const spin = registerSpinFeature(app, {
    db,
    clock,
    settings,
    audit,
    sandbox: config.sandbox,
    bonuses: input.spinBonuses ?? rewardsSpinBonuses,
    ...(input.spinSeeds ? { seeds: input.spinSeeds } : {}),
  });
  const moneyDesk = registerMoneyDeskFeature(app, {
    db,
    clock,
    audit,
    settings,
    lookups,
    deposits,
    blacklist: accounts.blacklist,
    reconcileNow: () => wallet.transferReconciler.runOnce(),
    walletRules,
    autoDepositFigures: () => autoDeposit.figures.read(),
  });
  // LINE notices (docs/operations.md, "LINE"): a real channel, the sandbox's simulator, or off.
  const lineConfig = config.counterparties?.line;
  const lineSimulator = { url: '' };
  const line = lineConfig
    ? await registerLineFeature(app, {
        db,
        clock,
        jobs,
        line: lineConfig,
        tokenSecret: config.secrets.tokenSecret,
        simulatorUrl: () => lineSimulator.url,
      })
    : undefined;
  if (line) lineHook.jobPassed = line.lineJobPassed;
  // Web Push notices (docs/member-web.md, "Push notices").
  const push = registerPushFeature(app, {
    db,
    clock,
    jobs,
    tokenSecret: config.secrets.tokenSecret,
    config: config.counterparties?.push,
  });
  const cleanupJob = registerCleanupJob(app, { db, clock, settings, jobs });
  const reports = registerReportsFeature(app, { db, clock, jobs, providers });
  registerGameArtRoutes(app);

  if (config.sandbox) {
    // The sandbox wing is loaded only with it on: production modules never import it (docs/sandbox.md).
    const { registerSandboxWing } = await import('./sandbox/sandbox-wing.ts');
    await registerSandboxWing(app, {
      config,
      db,
      clock,
      lookups,
      rewardsJob: rewardsParts.rewardsJob,
      ...(crash ? { crash } : {}),
      ...(lineConfig && !lineConfig.baseUrl
        ? {
            onLineSimulator: (url: string) => {
              lineSimulator.url = url;
            },
          }
        : {}),
    });
  }
  return {
    truelinkKey,
    services: {
      ...wallet,
      ...rewardsParts,
      ...chat,
      ...withdrawals,
      ...spin,
      ...reports,
      slipVerifier: deposits.slipVerifier,
      qrExpiryJob: deposits.qrExpiryJob,
      auditHeadJob: admin.auditHeadJob,
      moneyDesk,
      cleanupJob,
      autoDeposit,
      pushFeedJob: push.pushFeedJob,
      pushSendJob: push.pushSendJob,
      ...(line
        ? {
            lineFeedJob: line.lineFeedJob,
            lineSendJob: line.lineSendJob,
            lineMessaging: line.lineMessaging,
            lineJobPassed: line.lineJobPassed,
          }
        : {}),
    },
  };
}

/** The services and jobs the composition gives back: main.ts and the tests reach them as `app.services`. */
export type FeatureServices = Awaited<ReturnType<typeof composeFeatures>>['services'];
