import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { demoAgentKey } from '../../adapters/party-keys.ts';
import { createSelfUrl } from '../../adapters/self-url.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createGameProviders } from '../wallet/game-providers.ts';
import { createWalletRules } from '../wallet/wallet-rules.ts';
import { audit } from '../admin/audit-log.ts';
import { registerBannerArtRoutes } from './banner-art.ts';
import { createBonusService, type BonusService } from './bonus-service.ts';
import { createInviteRefundService, type InviteRefundService } from './invite-refund-service.ts';
import { createOperatorRewardsService, type OperatorRewardsService } from './operator-rewards-service.ts';
import { createRewardsJob, scheduleRewardsJob, type RewardsJob } from './rewards-job.ts';
import { registerRewardsAdminRoutes } from './rewards-admin-routes.ts';
import { registerRewardsRoutes } from './rewards-routes.ts';
import { createRewardsRules } from './rewards-rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rewards job (rounds, expiries, accruals); tests drive it with runOnce(). */
    rewardsJob: RewardsJob;
    /** The back office's door to rewards (definitions, banners, ending a member's bonus). */
    operatorRewards: OperatorRewardsService;
  }
}

type Deps = { config: Config; db: Kysely<DB>; clock: Clock; settings: SettingsRepository; startJobs: boolean };

export type RewardsFeature = { bonuses: BonusService; rewards: InviteRefundService };

/**
 * Builds the rewards services (docs/rewards.md) before the modules that read
 * them (the wallet summary's invite amount, the withdrawal gate). Routes and
 * the job are registered by registerRewardsFeature.
 */
export function createRewardsFeature(app: FastifyInstance, deps: Deps): RewardsFeature & { register: () => void } {
  const { config, db, clock } = deps;
  const log = app.log;
  const rules = createRewardsRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => log.error({ issues }, 'rules.rewards setting malformed: using defaults'),
  });
  const bonuses = createBonusService({ db, clock, rules });
  const rewards = createInviteRefundService({ db, clock, rules });
  return {
    bonuses,
    rewards,
    register() {
      registerRewardsRoutes(app, { bonuses, rewards });
      registerBannerArtRoutes(app);
      const operator = createOperatorRewardsService({ db, clock, audit: (trx, record) => audit(trx, record) });
      app.decorate('operatorRewards', operator);
      registerRewardsAdminRoutes(app, operator);
      const walletRules = createWalletRules({ settings: deps.settings, clock, onInvalid: () => undefined });
      const providers = createGameProviders({
        apiBaseUrl: createSelfUrl(app, config.sandboxBaseUrl),
        playerBaseUrl: () => config.sandboxBaseUrl?.replace(/\/$/, '') ?? '',
        agentKey: demoAgentKey(config.secrets.tokenSecret),
        signal: app.closeSignal,
      });
      const job = createRewardsJob({
        db,
        clock,
        rules,
        provider: async (code) => providers.get(code, { launchMode: 'link', timeoutMs: (await walletRules.get()).providerTimeoutMs }),
        expireDue: () => bonuses.expireDue(),
        log,
      });
      app.decorate('rewardsJob', job);
      if (deps.startJobs) scheduleRewardsJob(app, job, rules);
    },
  };
}
