import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { randomUUID } from 'node:crypto';
import { createHttpBankStatement } from '../../adapters/bank/http-bank-statement.ts';
import { BANK_API_PATH, bankApiKey } from '../../adapters/party-keys.ts';
import { createSelfUrl } from '../../adapters/self-url.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import type { NodeMetrics } from '../../metrics/node-metrics.ts';
import { untilAborted } from '../../jobs/until-aborted.ts';
import type { AuditWriter } from '../admin/audit-log.ts';
import type { DepositPorts } from '../deposit/deposit-feature.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createAutoDepositFigures } from './auto-deposit-figures.ts';
import { registerAutoDepositMetrics } from './auto-deposit-metrics.ts';
import { registerAutoDepositRoutes } from './auto-deposit-routes.ts';
import { createAutoDepositRules } from './auto-deposit-rules.ts';
import { createForwarderService } from './forwarder-service.ts';
import { createIncomingPipeline } from './incoming-pipeline.ts';
import { createStatementPoller } from './statement-poller.ts';
import { createUnmatchedDesk } from './unmatched-desk.ts';

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  settings: SettingsRepository;
  deposits: DepositPorts;
  jobs: JobScheduler;
  metrics: NodeMetrics;
  audit: AuditWriter;
  /** The poller on its timer; tests turn it off and call runOnce(). */
  startPoller: boolean;
};

/**
 * Wires automatic deposits (docs/auto-deposit.md): the incoming-line pipeline
 * shared by the bank-statement poller (AUTO) and the SMS forwarder webhook (SMS),
 * the forwarder registry and the unmatched deposits queue (with the money desk's
 * four eyes). Needs the deposit feature's ports and the admin guard.
 */
export async function registerAutoDepositFeature(app: FastifyInstance, deps: Deps) {
  const onInvalid = (key: string) => (issues: unknown) => app.log.error({ issues }, `${key} setting malformed: using defaults`);
  const { db, clock, audit } = deps;
  const rules = createAutoDepositRules({ settings: deps.settings, clock, onInvalid: onInvalid('rules.autoDeposit') });
  // The money desk's source of each currency's amounts (`rules.money`): four eyes and coins by the line's currency.
  const money = deps.deposits.money;
  const pipeline = createIncomingPipeline({ db, clock, lookups: deps.lookups, money, rules });
  const figures = createAutoDepositFigures({ db, clock, lookups: deps.lookups });
  const metrics = registerAutoDepositMetrics({ clock, metrics: deps.metrics, figures });
  const forwarders = createForwarderService({
    db,
    clock,
    lookups: deps.lookups,
    rules,
    pipeline,
    audit,
    tokenSecret: deps.config.secrets.tokenSecret,
    onUnparsed: metrics.parseFailure,
  });
  const desk = createUnmatchedDesk({ db, clock, audit, money });
  // The site account's statement: the sandbox bank's statement API (the bank's, in production, behind the same adapter).
  const selfUrl = createSelfUrl(app, deps.config.sandboxBaseUrl);
  const statement = createHttpBankStatement({
    baseUrl: () => `${selfUrl()}${BANK_API_PATH}`,
    apiKey: bankApiKey(deps.config.secrets.tokenSecret),
    signal: app.closeSignal,
  });
  const poller = createStatementPoller({
    db,
    clock,
    lookups: deps.lookups,
    rules,
    statement,
    pipeline,
    nodeId: randomUUID(),
    onLine: metrics.lineLag,
  });
  if (deps.startPoller)
    deps.jobs.every(poller, { name: 'auto-deposit-poller', intervalMs: async () => (await rules.getOrDefaults()).pollIntervalMs });
  // Another node takes the accounts over at once instead of when the lease runs out.
  app.addHook('onClose', async () => {
    await Promise.race([poller.release().catch(() => undefined), untilAborted(app.closeSignal)]);
  });
  await registerAutoDepositRoutes(app, { forwarders, desk, rules });
  return { pipeline, rules, forwarders, desk, poller, figures };
}
