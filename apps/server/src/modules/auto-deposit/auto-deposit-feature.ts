import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { DepositPorts } from '../deposit/deposit-feature.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createAutoDepositRules } from './auto-deposit-rules.ts';
import { createIncomingPipeline, type IncomingPipeline } from './incoming-pipeline.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Automatic deposits (modules/auto-deposit): the pipeline every incoming line goes through; tests call it directly. */
    autoDeposit: { pipeline: IncomingPipeline };
  }
}

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  settings: SettingsRepository;
  deposits: DepositPorts;
  startJobs: boolean;
};

/**
 * Wires automatic deposits (docs/auto-deposit.md): the incoming-line pipeline
 * shared by the bank-statement poller (AUTO) and the SMS forwarder webhook (SMS).
 * Needs the deposit feature's ports.
 */
export function registerAutoDepositFeature(app: FastifyInstance, deps: Deps) {
  const rules = createAutoDepositRules({
    settings: deps.settings,
    clock: deps.clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.autoDeposit setting malformed: using defaults'),
  });
  const pipeline = createIncomingPipeline({
    db: deps.db,
    clock: deps.clock,
    lookups: deps.lookups,
    depositRules: deps.deposits.rules,
    rules,
  });
  app.decorate('autoDeposit', { pipeline });
  return { pipeline, rules };
}
