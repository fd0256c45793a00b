import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { CrashPoint } from '../../crash-point.ts';
import type { DB } from '../../db/schema.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import type { NodeMetrics } from '../../metrics/node-metrics.ts';
import { createTransferReconciler, scheduleTransferReconciliation, type TransferReconciler } from './transfer-reconciler.ts';
import type { ProfileService } from '../account/profile-service.ts';
import { createGamesRepository } from '../games/games-repository.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createGameAccess } from './game-access.ts';
import { createGameAccountRepository } from './game-account-repository.ts';
import { createGameAccountService } from './game-account-service.ts';
import { createGamePasswordBox } from './game-password-box.ts';
import type { GameProviders } from './game-providers.ts';
import { registerLaunchRoutes } from './launch-routes.ts';
import { createLaunchService } from './launch-service.ts';
import { createLaunchTicketRepository } from './launch-ticket-repository.ts';
import { createRefreshService } from './refresh-service.ts';
import { transferKeyResolver } from './transfer-key-outcome.ts';
import { createTransferRepository } from './transfer-repository.ts';
import { registerTransferRoutes } from './transfer-routes.ts';
import { createTransferService } from './transfer-service.ts';
import { createTransferSettlement } from './transfer-settlement.ts';
import { registerWalletRoutes } from './wallet-routes.ts';
import { createWalletRepository } from './wallet-repository.ts';
import type { WalletRulesSource } from './wallet-rules.ts';
import { createMoneyRules } from '../lookup/money-rules.ts';
import { createWalletService } from './wallet-service.ts';
import type { LimitsService } from '../care/limits-service.ts';

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  settings: SettingsRepository;
  profile: ProfileService;
  /** The accrued invite bonus of a member, from the rewards module. */
  inviteAmount: (memberId: string) => Promise<bigint>;
  /** The node's job scheduler: the reconciliation job runs on it. */
  jobs: JobScheduler;
  /** The game providers and the wallet's rules, built once for the app (compose.ts). */
  providers: GameProviders;
  rules: WalletRulesSource;
  metrics: Pick<NodeMetrics, 'transfer'>;
  /** The crash test's hook (crash-point.ts); absent outside it. */
  crash?: CrashPoint;
  /** Player care's limits, asked before money goes into a game (docs/player-care.md). */
  limits?: LimitsService;
  onPlay?: (memberId: string) => Promise<void>;
};

/**
 * Wires the wallet, game accounts, transfers, game launch and the transfer
 * reconciliation job (docs/games.md). Member routes: registerAccountFeature must run first.
 */
export function registerWalletFeature(app: FastifyInstance, deps: Deps): { transferReconciler: TransferReconciler } {
  const { config, db, clock } = deps;
  const log = app.log;
  const { rules, providers } = deps;
  const games = createGamesRepository(db);
  const accounts = createGameAccountRepository(db);
  const wallet = createWalletRepository(db);
  const passwords = createGamePasswordBox(config.secrets.tokenSecret);
  const access = createGameAccess({ games, accounts, providers, rules, passwords });
  const settlement = createTransferSettlement({ clock, db });

  const gameAccounts = createGameAccountService({ db, clock, games, accounts, wallet, access, passwords, log });
  const summary = createWalletService({ db, profile: deps.profile, wallet, gameAccounts, inviteAmount: deps.inviteAmount });
  const refresh = createRefreshService({ db, clock, rules, accounts, wallet, access, gameAccounts, log });
  const onOutcome = (status: 'SUCCESS' | 'FAILED' | 'UNKNOWN') =>
    deps.metrics.transfer(status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'failed' : 'unknown', 'request');
  const crash = deps.crash ? { crash: deps.crash } : {};
  const money = createMoneyRules({ settings: deps.settings, clock, log });
  const limits = { ...(deps.limits ? { limits: deps.limits } : {}), ...(deps.onPlay ? { onPlay: deps.onPlay } : {}) };
  const transfers = createTransferService({ db, clock, rules, money, access, settlement, log, onOutcome, ...crash, ...limits });
  const launch = createLaunchService({ clock, rules, access, tickets: createLaunchTicketRepository(db), log });

  registerWalletRoutes(app, { wallet: summary, gameAccounts, refresh });
  registerTransferRoutes(app, {
    transfers,
    idempotency: createIdempotency({ db, clock }),
    keyResolver: transferKeyResolver(createTransferRepository(db)),
  });
  registerLaunchRoutes(app, { launch });

  const onSettled = (outcome: 'completed' | 'failed') =>
    deps.metrics.transfer(outcome === 'completed' ? 'success' : 'failed', 'reconciliation');
  const reconciler = createTransferReconciler({ db, clock, rules, access, settlement, log, onSettled, ...crash });
  scheduleTransferReconciliation(deps.jobs, reconciler, rules);
  return { transferReconciler: reconciler };
}
