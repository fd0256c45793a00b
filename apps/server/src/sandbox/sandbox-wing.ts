import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { registerBankSimulator } from '../adapters/bank/simulator/bank-simulator.ts';
import { registerDemoProvider } from '../adapters/games/demo-provider/demo-provider-plugin.ts';
import { registerEasySlipSimulator } from '../adapters/bank/simulator/easyslip-simulator.ts';
import { counterpartyKeys } from '../adapters/counterparty-keys.ts';
import { bankApiKey, demoAgentKey, lineSandboxChannel, payoutApiKey, scbSandboxCredentials } from '../adapters/party-keys.ts';
import { registerLineSimulator } from '../adapters/line/simulator/line-simulator.ts';
import { registerPushServiceSimulator } from '../adapters/push/simulator/push-service-simulator.ts';
import { ROUTES } from '@jetton/contract/routes';
import { registerScbSimulator } from '../adapters/qr-gateway/simulator/scb-simulator.ts';
import { SCB_CONFIRM_PATH } from '../modules/deposit/qr-scb-routes.ts';
import { registerPayoutSimulator } from '../adapters/payout/simulator/payout-simulator.ts';
import { registerPaySimulator } from '../adapters/qr-gateway/simulator/pay-simulator.ts';
import { registerSmsSimulator } from '../adapters/sms/simulator/sms-simulator.ts';
import { registerThaiBulkSmsSimulator } from '../adapters/sms/simulator/thaibulksms-simulator.ts';
import { registerSmsForwarderSimulator } from '../adapters/sms-forwarder/simulator/sms-forwarder-simulator.ts';
import { createSelfUrl } from '../adapters/self-url.ts';
import { registerVoucherSimulator } from '../adapters/voucher/simulator/voucher-simulator.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { CrashPoint } from '../crash-point.ts';
import type { DB } from '../db/schema.ts';
import { GAME_CATALOGUE, gameArtPath } from '../modules/games/game-catalogue.ts';
import type { LookupService } from '../modules/lookup/lookup-service.ts';
import type { RewardsJob } from '../modules/rewards/rewards-job.ts';
import { seedDemoForwarder } from './demo-forwarder.ts';
import { memberBankAccounts } from './member-bank-accounts.ts';
import { registerRewardsDayRoutes } from './rewards-day-routes.ts';
import { registerSandboxIndex } from './sandbox-index.ts';
import { registerSandboxSettingsRoutes } from './sandbox-settings-routes.ts';
import { registerRealityCheckRoutes } from './reality-check-routes.ts';

export type SandboxWingDeps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  rewardsJob: RewardsJob;
  crash?: CrashPoint;
  /** Set when LINE runs against the simulator: told the simulator's API address once it listens. */
  onLineSimulator?: (url: string) => void;
};

/**
 * Mounts everything under /sandbox (SANDBOX=on only; app.ts loads this file
 * only then): the index, the operator stand-in, every simulated outside party
 * and the rewards' "next day". What a simulator needs from the site comes in
 * here as a port (docs/sandbox.md, "Rules").
 */
export async function registerSandboxWing(app: FastifyInstance, deps: SandboxWingDeps): Promise<void> {
  const { config, clock, lookups } = deps;
  const tokenSecret = config.secrets.tokenSecret;
  registerSandboxIndex(app);
  registerSandboxSettingsRoutes(app, lookups);
  registerRealityCheckRoutes(app, deps.db);
  registerPushServiceSimulator(app);
  const keys = counterpartyKeys(config);
  const outbox = registerSmsSimulator(app, clock);
  await registerThaiBulkSmsSimulator(app, { outbox, credentials: keys.thaiBulkSms });
  const bankStore = await registerBankSimulator(app, {
    clock,
    siteAccounts: async () => (await lookups.get('deposit')).banks,
    apiKey: bankApiKey(tokenSecret),
    memberAccounts: memberBankAccounts(deps.db),
  });
  await registerEasySlipSimulator(app, { store: bankStore, apiKey: keys.easySlip });
  await registerSmsForwarderSimulator(app, {
    clock,
    siteAccounts: async () => (await lookups.get('deposit')).banks,
    siteUrl: createSelfUrl(app, undefined),
    memberAccounts: memberBankAccounts(deps.db),
    device: await seedDemoForwarder(deps.db, clock, tokenSecret),
  });
  await registerPaySimulator(app, { clock, tokenSecret });
  // SCB's QR API: its confirmations go to the URL a merchant registers with SCB, here this site's.
  const siteUrl = createSelfUrl(app, undefined);
  await registerScbSimulator(app, { clock, ...scbSandboxCredentials(tokenSecret), confirmUrl: () => `${siteUrl()}${SCB_CONFIRM_PATH}` });
  await registerVoucherSimulator(app, { clock });
  // LINE's pages are always there; its API listens only when the site's LINE is the simulated one.
  await registerLineSimulator(app, {
    clock,
    ...lineSandboxChannel(tokenSecret),
    webhookUrl: () => `${siteUrl()}${ROUTES.line.webhook}`,
    ...(deps.onLineSimulator ? { onAddress: deps.onLineSimulator } : {}),
  });
  await registerPayoutSimulator(app, { apiKey: payoutApiKey(tokenSecret) });
  registerRewardsDayRoutes(app, deps.rewardsJob, clock);
  // The demo provider hosts the catalogue's games: their names, kinds and logos are handed to it here.
  const games = GAME_CATALOGUE.map((g) => ({ code: g.code, name: g.name, category: g.category, logo: gameArtPath(g.code, 'logo') }));
  await registerDemoProvider(app, {
    db: deps.db,
    clock,
    agentKey: demoAgentKey(tokenSecret),
    games,
    ...(deps.crash ? { crash: deps.crash } : {}),
  });
}
