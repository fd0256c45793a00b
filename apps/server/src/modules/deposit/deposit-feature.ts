import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { BankVerification } from '../../adapters/bank/bank-verification.ts';
import { createEasySlipVerification } from '../../adapters/bank/easyslip-verification.ts';
import { createHttpBankVerification } from '../../adapters/bank/http-bank-verification.ts';
import { counterpartyKeys } from '../../adapters/counterparty-keys.ts';
import { qrCallbackSecret } from '../../adapters/qr-gateway/callback-signature.ts';
import { createHttpQrGateway } from '../../adapters/qr-gateway/http-qr-gateway.ts';
import { readQrCodes } from '../../adapters/qr-reader/qr-reader.ts';
import { createHttpVoucherRedeemer } from '../../adapters/voucher/http-voucher-redeemer.ts';
import {
  BANK_API_PATH,
  bankApiKey,
  EASYSLIP_SANDBOX_PATH,
  PAY_SANDBOX_PATH,
  payMerchantKey,
  SCB_SANDBOX_API_PATH,
  scbSandboxCredentials,
  VOUCHER_SANDBOX_PATH,
} from '../../adapters/party-keys.ts';
import { createRoutedQrGateway } from '../../adapters/qr-gateway/routed-qr-gateway.ts';
import { createScbQrGateway } from '../../adapters/qr-gateway/scb/scb-qr-gateway.ts';
import { AppError } from '../../http/app-error.ts';
import { registerScbConfirmRoute } from './qr-scb-routes.ts';
import { createSelfUrl } from '../../adapters/self-url.ts';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createQrExpiryJob, scheduleQrExpiry } from './qr-expiry-job.ts';
import { registerSlipWindowSandboxRoutes } from './slip-window-sandbox-routes.ts';
import { createSlipVerifier } from './slip-verifier.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createDepositRules } from './deposit-rules.ts';
import { createMoneyRules } from '../lookup/money-rules.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import { registerGiftLinkRoutes } from './gift-link-routes.ts';
import { createGiftLinkService } from './gift-link-service.ts';
import { registerNoticeRoutes } from './notice-routes.ts';
import { createNoticeService } from './notice-service.ts';
import { QR_CALLBACK_PATH, registerQrRoutes } from './qr-routes.ts';
import { createQrService } from './qr-service.ts';
import { QR_RULES_KEY, ZQrRules } from '@jetton/contract/admin/settings';
import { createCachedRules } from '../lookup/cached-rules.ts';
import { createSlipLinkSigner } from './slip-link-signer.ts';
import { registerSlipRoutes } from './slip-routes.ts';
import { createSlipService } from './slip-service.ts';
import { untilAborted } from '../../jobs/until-aborted.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import type { LimitsService } from '../care/limits-service.ts';

type Deps = {
  /** Player care's limits, asked before a QR is made (docs/player-care.md). */
  limits?: Pick<LimitsService, 'assertDepositFits'>;
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  settings: SettingsRepository;
  /** Where slips live: the uploads' slips area (docs/operations.md, "Uploads"). */
  storage: ObjectStorage;
  /** The node's job scheduler (disabled, tests run the jobs by hand). */
  jobs: JobScheduler;
  /** The gift-link AES-GCM key derived from config.secrets.truelinkSecret (truelink-crypto.ts). */
  truelinkKey: string;
};

/**
 * Wires deposits (docs/deposits.md): storage, the bank-verification adapter, slip upload/history and the slip verifier job. Needs
 * registerAccountFeature first (app.requireMember).
 */
export async function registerDepositFeature(app: FastifyInstance, deps: Deps) {
  const { config, db, clock, lookups } = deps;
  const selfUrl = createSelfUrl(app, config.sandboxBaseUrl);
  const rules = createDepositRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.deposit setting malformed: using defaults'),
  });
  const money = createMoneyRules({ settings: deps.settings, clock, log: app.log });
  const { storage } = deps;
  const bank = slipVerification(app, config, selfUrl);

  const slips = createSlipService({ db, storage, rules, clock, links: createSlipLinkSigner(config.secrets.tokenSecret) });
  await registerSlipRoutes(app, slips);

  // QR deposit: gateways reach our callback at this server in the sandbox, at the public origin otherwise.
  const tokenSecret = config.secrets.tokenSecret;
  const ownUrl = createSelfUrl(app, undefined);
  const callbackBase = () => (config.sandbox || !config.publicOrigin ? ownUrl() : config.publicOrigin.replace(/\/$/, ''));
  const genericGateway = createHttpQrGateway({
    baseUrl: () => `${selfUrl()}${PAY_SANDBOX_PATH}`,
    merchantKey: payMerchantKey(tokenSecret),
    signal: app.closeSignal,
  });
  // SCB's QR API for the provider configuration names (README, "Real services"); its simulator when no base URL is set.
  const scb = config.counterparties?.scb;
  const simulatedScb = scbSandboxCredentials(tokenSecret);
  const qrGateway = scb
    ? createRoutedQrGateway(genericGateway, {
        [scb.provider]: createScbQrGateway({
          baseUrl: () => scb.baseUrl ?? `${selfUrl()}${SCB_SANDBOX_API_PATH}`,
          apiKey: scb.apiKey ?? simulatedScb.apiKey,
          apiSecret: scb.apiSecret ?? simulatedScb.apiSecret,
          billerId: scb.billerId,
          ref3: scb.ref3,
          clock,
          signal: app.closeSignal,
        }),
      })
    : genericGateway;
  const qr = createQrService({
    ...(deps.limits ? { limits: deps.limits } : {}),
    db,
    gateway: qrGateway,
    rules,
    clock,
    log: app.log,
    callbackUrl: (provider) => `${callbackBase()}${QR_CALLBACK_PATH.replace(':provider', provider)}`,
    callbackSecret: (provider) => qrCallbackSecret(tokenSecret, provider),
    money,
    qrRules: createCachedRules(
      { key: QR_RULES_KEY, schema: ZQrRules },
      { settings: deps.settings, clock, onInvalid: (issues) => app.log.error({ issues }, 'rules.qr setting malformed: using defaults') },
    ),
  });
  await registerQrRoutes(app, qr);
  if (scb) registerScbConfirmRoute(app, { qr, provider: scb.provider, log: app.log });
  const qrExpiry = createQrExpiryJob({
    db,
    clock,
    rules,
    gateway: qrGateway,
    log: app.log,
    ...(scb
      ? {
          inquiry: {
            providers: [scb.provider],
            // A payment the gateway reports that cannot be credited (late, another amount) is logged for a person; the QR expires.
            settle: async (provider, qrcodeId) => {
              try {
                return await qr.settleByInquiry(provider, qrcodeId);
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                app.log.warn(
                  { qrcodeId, provider, code: error.message },
                  'QR paid at the gateway but not creditable: an operator must settle it',
                );
                return undefined;
              }
            },
          },
        }
      : {}),
  });
  scheduleQrExpiry(deps.jobs, qrExpiry, rules);

  // Gift links: the voucher API (the sandbox's by default) and the shared-secret envelope.
  const giftLinks = createGiftLinkService({
    db,
    vouchers: createHttpVoucherRedeemer({ baseUrl: () => `${selfUrl()}${VOUCHER_SANDBOX_PATH}`, signal: app.closeSignal }),
    lookups,
    money,
    clock,
    log: app.log,
    truelinkKey: deps.truelinkKey,
  });
  const idempotency = createIdempotency({ db, clock });
  registerGiftLinkRoutes(app, { giftLinks, idempotency });
  const notices = createNoticeService({ db, lookups, rules, money, clock });
  registerNoticeRoutes(app, { notices, idempotency, sandbox: config.sandbox });
  if (config.sandbox) registerSlipWindowSandboxRoutes(app, { settings: deps.settings, rules });

  const verifier = createSlipVerifier({ db, storage, bank, readQr: readQrCodes, lookups, rules, money, clock, log: app.log });
  if (deps.jobs.enabled)
    app.addHook('onReady', (done) => {
      verifier.start();
      done();
    });
  // Bounded like every job at close (jobs/periodic-job.ts).
  app.addHook('onClose', async () => Promise.race([verifier.stop(), untilAborted(app.closeSignal)]));
  return { storage, bank, rules, money, notices, slipVerifier: verifier, qrExpiryJob: qrExpiry };
}

/**
 * The slip verifier's counterparty, by configuration (README, "Real services"): the project's
 * generic bank API, or EasySlip at its URL (its simulator on this server when none is set).
 */
function slipVerification(app: FastifyInstance, config: Config, selfUrl: () => string): BankVerification {
  const choice = config.counterparties?.slipVerifier;
  if (choice?.kind === 'easyslip') {
    const apiKey = counterpartyKeys(config).easySlip;
    const baseUrl = () => (choice.url ?? `${selfUrl()}${EASYSLIP_SANDBOX_PATH}/api/v1`).replace(/\/$/, '');
    return createEasySlipVerification({ baseUrl, apiKey: () => apiKey, signal: app.closeSignal });
  }
  const apiKey = bankApiKey(config.secrets.tokenSecret);
  return createHttpBankVerification({ baseUrl: () => `${selfUrl()}${BANK_API_PATH}`, apiKey, signal: app.closeSignal });
}

/** What the back office's money desk uses of deposits (modules/money-desk). */
export type DepositPorts = Awaited<ReturnType<typeof registerDepositFeature>>;
