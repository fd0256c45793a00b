import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { demoAgentKey } from '../../adapters/party-keys.ts';
import { createSelfUrl } from '../../adapters/self-url.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { CrashPoint } from '../../crash-point.ts';
import type { DB } from '../../db/schema.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import { createTransferReconciler, scheduleTransferReconciliation } from './transfer-reconciler.ts';
import type { ProfileService } from '../account/profile-service.ts';
import { createGamesRepository } from '../games/games-repository.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createGameAccess } from './game-access.ts';
import { createGameAccountRepository } from './game-account-repository.ts';
import { createGameAccountService } from './game-account-service.ts';
import { createGamePasswordBox } from './game-password-box.ts';
import { createGameProviders } from './game-providers.ts';
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
import { createWalletRules } from './wallet-rules.ts';
import { createWalletService } from './wallet-service.ts';

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  settings: SettingsRepository;
  profile: ProfileService;
  /** The accrued invite bonus of a member, from the rewards module. */
  inviteAmount: (memberId: string) => Promise<bigint>;
  /** Run the reconciliation job on a timer (tests drive it with app.transferReconciler.runOnce()). */
  startJobs: boolean;
  /** The crash test's hook (crash-point.ts); absent outside it. */
  crash?: CrashPoint;
};

/**
 * Wires the wallet, game accounts, transfers, game launch and the transfer
 * reconciliation job (docs/games.md). Member routes: registerAccountsFeature must run first.
 */
export function registerWalletFeature(app: FastifyInstance, deps: Deps): void {
  const { config, db, clock } = deps;
  const log = app.log;
  const rules = createWalletRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => log.error({ issues }, 'rules.wallet setting malformed: using defaults'),
  });
  const selfUrl = createSelfUrl(app, config.sandboxBaseUrl);
  const providers = createGameProviders({
    apiBaseUrl: selfUrl,
    // The member's browser reaches the simulator on the site's own origin unless it lives elsewhere.
    playerBaseUrl: () => config.sandboxBaseUrl?.replace(/\/$/, '') ?? '',
    agentKey: demoAgentKey(config.secrets.tokenSecret),
    signal: app.closeSignal,
  });
  const games = createGamesRepository(db);
  const accounts = createGameAccountRepository(db);
  const wallet = createWalletRepository(db);
  const passwords = createGamePasswordBox(config.secrets.tokenSecret);
  const access = createGameAccess({ games, accounts, providers, rules, passwords });
  const settlement = createTransferSettlement({ clock });

  const gameAccounts = createGameAccountService({ db, clock, games, accounts, wallet, access, passwords, log });
  const summary = createWalletService({ db, profile: deps.profile, wallet, gameAccounts, inviteAmount: deps.inviteAmount });
  const refresh = createRefreshService({ db, clock, rules, accounts, wallet, access, gameAccounts, log });
  const onOutcome = (status: 'SUCCESS' | 'FAILED' | 'UNKNOWN') =>
    app.metrics.transfer(status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'failed' : 'unknown', 'request');
  const crash = deps.crash ? { crash: deps.crash } : {};
  const transfers = createTransferService({ db, clock, rules, access, settlement, log, onOutcome, ...crash });
  const launch = createLaunchService({ clock, rules, access, tickets: createLaunchTicketRepository(db), log });

  registerWalletRoutes(app, { wallet: summary, gameAccounts, refresh });
  registerTransferRoutes(app, {
    transfers,
    idempotency: createIdempotency({ db, clock }),
    keyResolver: transferKeyResolver(createTransferRepository(db)),
  });
  registerLaunchRoutes(app, { launch });

  const onSettled = (outcome: 'completed' | 'failed') =>
    app.metrics.transfer(outcome === 'completed' ? 'success' : 'failed', 'reconciliation');
  const reconciler = createTransferReconciler({ db, clock, rules, access, settlement, log, onSettled, ...crash });
  app.decorate('transferReconciler', reconciler);
  if (deps.startJobs) scheduleTransferReconciliation(app, reconciler, rules);
}
