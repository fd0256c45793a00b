import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { createLoginThrottleRepository } from '../auth/login-throttle-repository.ts';
import { createSigner } from '../auth/signer.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { registerAdminAuthRoutes } from './admin-auth-routes.ts';
import { operatorChatAuthenticator, operatorChatSessions } from './operator-chat-auth.ts';
import { registerAdminGuard } from './admin-guard.ts';
import { registerHealthAdminRoutes } from './health-admin-routes.ts';
import { createAdminRules } from './admin-rules.ts';
import { registerAuditHeadJob } from './audit-head-job.ts';
import type { AuditKeys } from './audit-chain.ts';
import type { AuditWriter } from './audit-log.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import type { NodeMetrics } from '../../metrics/node-metrics.ts';
import { createAuditService } from './audit-service.ts';
import { createOperatorAuthService } from './operator-auth-service.ts';
import { createOperatorRepository } from './operator-repository.ts';
import { createOperatorsService } from './operators-service.ts';
import { createTotpBox } from './totp.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { BankBlacklist } from '../account/bank-blacklist-repository.ts';
import type { MemberRepository } from '../account/member-repository.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { SessionEnds } from '../auth/session-ends.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import { createStatementRepository } from '../statement/statement-repository.ts';
import { createStatementService } from '../statement/statement-service.ts';
import { createMemberAdminRepository } from './member-admin-repository.ts';
import { createMembersAdminService } from './members-admin-service.ts';
import { registerMembersAdminRoutes } from './members-admin-routes.ts';
import { registerSettingsAdminRoutes } from './settings-admin-routes.ts';
import { createSettingsAdminService } from './settings-admin-service.ts';

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  settings: SettingsRepository;
  lookups: LookupService;
  /** What the members pages need of the accounts feature. */
  accounts: { auth: AuthService; members: MemberRepository; blacklist: BankBlacklist; sms: SmsSender };
  /** Told when operators' sessions end (logout, password change, disable, reset). */
  sessionEnds: SessionEnds;
  /** The node's job scheduler: the audit head's publication on a timer. */
  jobs: JobScheduler;
  /** The audit chain's key, derived once from the token secret (docs/operators.md, "Audit trail"). */
  auditKeys: AuditKeys;
  /** The audit trail's writer, built once by the composition. */
  audit: AuditWriter;
  metrics: NodeMetrics;
};

/**
 * The back office's foundation (docs/operators.md): operators, their login and
 * sessions, the admin guard (`app.adminGuard`, a request guard used through
 * adminRoute and requirePermission in admin-guard.ts) and the audit trail. Registered before
 * any module with admin routes.
 */
export async function registerAdminFeature(app: FastifyInstance, deps: Deps) {
  const { config, db, clock } = deps;
  const rules = createAdminRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.admin setting malformed: using defaults'),
  });
  const operators = createOperatorRepository(db);
  const auth = createOperatorAuthService({
    db,
    operators,
    throttle: createLoginThrottleRepository(db),
    rules,
    signer: createSigner(config.secrets.tokenSecret),
    totpBox: createTotpBox(config.secrets.tokenSecret),
    clock,
    sandbox: config.sandbox,
    ends: deps.sessionEnds,
    audit: deps.audit,
  });
  registerAdminGuard(app, { auth, rules });
  const { auditKeys, audit } = deps;
  const auditTrail = createAuditService(db, { keys: auditKeys, clock });
  const auditHeadJob = registerAuditHeadJob(app, { db, clock, keys: auditKeys, jobs: deps.jobs, metrics: deps.metrics });
  registerAdminAuthRoutes(app, {
    auth,
    operators: createOperatorsService({ db, operators, clock, ends: deps.sessionEnds, audit }),
    audit: auditTrail,
    rules,
  });
  const members = createMembersAdminService({
    db,
    repo: createMemberAdminRepository(db),
    ...deps.accounts,
    lookups: deps.lookups,
    clock,
    audit,
  });
  registerMembersAdminRoutes(app, { members, statements: createStatementService({ statements: createStatementRepository(db) }) });
  registerHealthAdminRoutes(app, { metrics: deps.metrics, clock });
  await registerSettingsAdminRoutes(app, {
    settings: createSettingsAdminService({ db, settings: deps.settings, lookups: deps.lookups, clock, audit }),
  });
  return {
    auth,
    operators,
    rules,
    authenticateChatAgent: operatorChatAuthenticator(auth),
    chatAgentSessions: operatorChatSessions(auth),
    auditHeadJob,
  };
}
