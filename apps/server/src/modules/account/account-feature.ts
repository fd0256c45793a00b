import { createCareRepository } from '../care/care-repository.ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createAccountSchemas } from '@jetton/contract/account';
import { counterpartyKeys } from '../../adapters/counterparty-keys.ts';
import { THAIBULKSMS_SANDBOX_PATH } from '../../adapters/party-keys.ts';
import { createHttpSmsSender } from '../../adapters/sms/http-sms-sender.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import { createThaiBulkSmsSender } from '../../adapters/sms/thaibulksms-sender.ts';
import { createSelfUrl } from '../../adapters/self-url.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createAccountRules } from '../auth/account-rules.ts';
import { registerAuthRoutes } from '../auth/auth-routes.ts';
import { createAuthService } from '../auth/auth-service.ts';
import { createLoginThrottleRepository } from '../auth/login-throttle-repository.ts';
import { registerMemberGuard } from '../auth/member-guard.ts';
import type { SessionEnds } from '../auth/session-ends.ts';
import { createSessionRepository } from '../auth/session-repository.ts';
import { createSigner } from '../auth/signer.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createOtpRepository } from '../otp/otp-repository.ts';
import { registerOtpRoutes } from '../otp/otp-routes.ts';
import { createOtpService } from '../otp/otp-service.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { createBankBlacklist } from './bank-blacklist-repository.ts';
import { createMemberRepository } from './member-repository.ts';
import { registerPasswordResetRoutes } from './password-reset-routes.ts';
import { createPasswordResetService } from './password-reset-service.ts';
import { createProfileService } from './profile-service.ts';
import { createRegistrationService } from './registration-service.ts';

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  settings: SettingsRepository;
  /** Told when a member's sessions end, so their open sockets close. */
  sessionEnds: SessionEnds;
};

/**
 * Wires accounts, sessions and one-time codes (docs/accounts.md) and decorates
 * `app.requireMember` (see member-guard.ts), so it must run before any module
 * with member routes. Needs registerRateLimit first. Returns the services later
 * features use (e.g. profile.bankAccount for GET /api/wallet).
 */
export function registerAccountFeature(app: FastifyInstance, deps: Deps) {
  const { config, db, clock, lookups } = deps;
  const rules = createAccountRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.accounts setting malformed: using defaults'),
  });
  const signer = createSigner(config.secrets.tokenSecret);
  const schemas = createAccountSchemas({ lao: config.lao });
  const members = createMemberRepository(db);
  const throttle = createLoginThrottleRepository(db);

  const auth = createAuthService({
    members,
    sessions: createSessionRepository(db),
    throttle,
    rules,
    signer,
    clock,
    ends: deps.sessionEnds,
  });
  registerMemberGuard(app, { auth, lookups });

  const sms = smsGateway(app, config);
  const otpRepository = createOtpRepository(db);
  const otp = createOtpService({ otp: otpRepository, members, sms, rules, signer, clock, log: app.log });
  const reset = createPasswordResetService({ otp: otpRepository, members, auth, throttle, sms, rules, signer, clock, log: app.log });

  const blacklist = createBankBlacklist(db);
  const isBankBlacklisted = (bankCode: string, bankAccountNo: string) => blacklist.isBlacklisted(bankCode, bankAccountNo);
  const care = createCareRepository(db);
  const registration = createRegistrationService({
    members,
    isPhoneVerified: otp.isVerified,
    lookups,
    clock,
    market: { lao: config.lao },
    isBankBlacklisted,
    isExcluded: (who, now) => care.excludedOwner(who, now),
  });
  const profile = createProfileService({ members, auth, lookups, clock, sms, log: app.log, isBankBlacklisted });

  registerAuthRoutes(app, { auth, rules });
  registerOtpRoutes(app, { otp, rules, schemas });
  registerPasswordResetRoutes(app, { reset, rules, schemas });
  registerAccountRoutes(app, { registration, profile, rules, schemas });
  return { auth, profile, members, rules, blacklist, sms };
}

/** The SMS gateway by configuration (README, "Real services"): the generic one, or ThaiBulkSMS (its simulator here when no URL is set). */
function smsGateway(app: FastifyInstance, config: Config): SmsSender {
  const selfUrl = createSelfUrl(app, config.sandboxBaseUrl);
  const choice = config.counterparties?.smsGateway;
  if (choice?.kind !== 'thaibulksms') return createHttpSmsSender({ baseUrl: selfUrl, signal: app.closeSignal });
  const credentials = counterpartyKeys(config).thaiBulkSms;
  return createThaiBulkSmsSender({
    baseUrl: () => (choice.url ?? `${selfUrl()}${THAIBULKSMS_SANDBOX_PATH}`).replace(/\/$/, ''),
    credentials: () => credentials,
    sender: choice.sender,
    force: choice.force,
    signal: app.closeSignal,
  });
}
