import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import type { GameProviders } from '../wallet/game-providers.ts';
import type { WalletRulesSource } from '../wallet/wallet-rules.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import { registerBannerArtRoutes } from './banner-art.ts';
import { createBonusService, type BonusService } from './bonus-service.ts';
import { createInviteRefundService, type InviteRefundService } from './invite-refund-service.ts';
import { createOperatorRewardsService, type OperatorRewardsService } from './operator-rewards-service.ts';
import { createRewardsJob, scheduleRewardsJob, type RewardsJob } from './rewards-job.ts';
import { registerRewardsAdminRoutes } from './rewards-admin-routes.ts';
import { registerRewardsRoutes } from './rewards-routes.ts';
import { createRewardsRules } from './rewards-rules.ts';
import { createMoneyRules } from '../lookup/money-rules.ts';

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  audit: AuditWriter;
  settings: SettingsRepository;
  jobs: JobScheduler;
  /** The game providers and the wallet's rules (their timeout), built once for the app (compose.ts). */
  providers: GameProviders;
  walletRules: WalletRulesSource;
};

/** What registering the rewards gives back: its job (tests drive it with runOnce()) and the back office's door to rewards. */
export type RewardsRegistered = { rewardsJob: RewardsJob; operatorRewards: OperatorRewardsService };

export type RewardsFeature = { bonuses: BonusService; rewards: InviteRefundService };

/**
 * Builds the rewards services (docs/rewards.md) before the modules that read
 * them (the wallet summary's invite amount, the withdrawal gate). Routes and
 * the job are registered by registerRewardsFeature.
 */
export function createRewardsFeature(app: FastifyInstance, deps: Deps): RewardsFeature & { register: () => RewardsRegistered } {
  const { db, clock, providers, walletRules } = deps;
  const log = app.log;
  const rules = createRewardsRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => log.error({ issues }, 'rules.rewards setting malformed: using defaults'),
  });
  const money = createMoneyRules({ settings: deps.settings, clock, log });
  const bonuses = createBonusService({ db, clock, rules, money });
  const rewards = createInviteRefundService({ db, clock, rules, money });
  return {
    bonuses,
    rewards,
    register() {
      registerRewardsRoutes(app, { bonuses, rewards });
      registerBannerArtRoutes(app);
      const operator = createOperatorRewardsService({ db, clock, audit: deps.audit });
      registerRewardsAdminRoutes(app, operator);
      const job = createRewardsJob({
        db,
        clock,
        rules,
        money,
        provider: async (code) => providers.get(code, { launchMode: 'link', timeoutMs: (await walletRules.get()).providerTimeoutMs }),
        expireDue: () => bonuses.expireDue(),
        log,
      });
      scheduleRewardsJob(deps.jobs, job, rules);
      return { rewardsJob: job, operatorRewards: operator };
    },
  };
}
