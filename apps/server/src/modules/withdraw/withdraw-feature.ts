import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createHttpPayoutGateway } from '../../adapters/payout/http-payout-gateway.ts';
import { PAYOUT_SANDBOX_PATH, payoutApiKey } from '../../adapters/party-keys.ts';
import { createSelfUrl } from '../../adapters/self-url.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import { createPayoutJob, schedulePayouts, type PayoutJob } from './payout-job.ts';
import { createMoneyRules } from '../lookup/money-rules.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { noBonuses, type BonusGate } from './bonus-gate.ts';
import { noBlacklist, type PayoutBlacklist } from './payout-blacklist.ts';
import { registerWithdrawRoutes } from './withdraw-routes.ts';
import { createWithdrawRules } from './withdraw-rules.ts';
import { createWithdrawService } from './withdraw-service.ts';

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  settings: SettingsRepository;
  /** The node's job scheduler: the payout job runs on it. */
  jobs: JobScheduler;
  /** The rewards module's answer to "may this member withdraw?" (nobody has a bonus without it). */
  bonuses?: BonusGate;
  /** The members module's bank-account blacklist: a listed destination is never paid (none until wired). */
  blacklist?: PayoutBlacklist;
};

/**
 * Wires withdrawals (docs/withdrawals.md): the member routes, the payout adapter and the
 * payout job. Needs registerAccountFeature first (app.requireMember).
 */
export function registerWithdrawFeature(app: FastifyInstance, deps: Deps): { payoutJob: PayoutJob } {
  const { config, db, clock } = deps;
  const rules = createWithdrawRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.withdraw setting malformed: using defaults'),
  });
  const apiKey = payoutApiKey(config.secrets.tokenSecret);
  const selfUrl = createSelfUrl(app, config.sandboxBaseUrl);
  const gateway = createHttpPayoutGateway({
    baseUrl: () => `${selfUrl()}${PAYOUT_SANDBOX_PATH}`,
    apiKey,
    timeoutMs: async () => (await rules.get()).payoutTimeoutMs,
    signal: app.closeSignal,
  });

  const blacklist = deps.blacklist ?? noBlacklist;
  const money = createMoneyRules({ settings: deps.settings, clock, log: app.log });
  const withdrawals = createWithdrawService({ db, clock, money, rules, bonuses: deps.bonuses ?? noBonuses, blacklist });
  registerWithdrawRoutes(app, { withdrawals, idempotency: createIdempotency({ db, clock }), sandbox: config.sandbox });

  const job = createPayoutJob({ db, clock, rules, gateway, log: app.log, blacklist });
  schedulePayouts(deps.jobs, job, rules);
  return { payoutJob: job };
}
