import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createLineMessaging } from '../../adapters/line/line-messaging.ts';
import { lineSandboxChannel } from '../../adapters/party-keys.ts';
import type { Clock } from '../../clock.ts';
import type { LineConfig } from '../../counterparty-config.ts';
import type { DB } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import { createLineFeedJob, createLineSendJob } from './line-jobs.ts';
import { createLineLinkService } from './line-link-service.ts';
import { createLineRepository } from './line-repository.ts';
import { registerLineRoutes } from './line-routes.ts';

/** Consecutive failed passes of one job before the operators hear of it; then at most once an hour per job. */
const JOB_FAILURES_TO_ALERT = 3;

/**
 * LINE notices (docs/operations.md, "LINE"): the member's link and choices,
 * LINE's webhook, the feed job that turns events into outbox notices and the
 * send job that pushes them through the SDK. `simulatorUrl` is where the
 * sandbox's LINE API listens when no real channel is configured.
 */
export async function registerLineFeature(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; jobs: JobScheduler; line: LineConfig; tokenSecret: string; simulatorUrl: () => string },
) {
  const simulated = lineSandboxChannel(deps.tokenSecret);
  const channelSecret = deps.line.channelSecret ?? simulated.channelSecret;
  const realBase = deps.line.baseUrl;
  const messaging = createLineMessaging({
    baseUrl: realBase ? () => realBase : deps.simulatorUrl,
    channelAccessToken: deps.line.accessToken ?? simulated.accessToken,
  });
  const links = createLineLinkService({ db: deps.db, clock: deps.clock, botBasicId: deps.line.botBasicId });
  await registerLineRoutes(app, { links, channelSecret });
  const settings = { operatorGroupId: deps.line.operatorGroupId, operatorLang: deps.line.operatorLang };
  const feedJob = createLineFeedJob({ db: deps.db, clock: deps.clock, settings });
  const sendJob = createLineSendJob({ db: deps.db, clock: deps.clock, line: messaging, log: app.log });
  deps.jobs.every(feedJob, { name: 'line feed', intervalMs: () => Promise.resolve(10_000) });
  deps.jobs.every(sendJob, { name: 'line send', intervalMs: () => Promise.resolve(5_000) });

  const failures = new Map<string, number>();
  /** The scheduler's report of each pass: a job failing again and again becomes an operators' notice (through the outbox). */
  function jobPassed(name: string, ok: boolean): void {
    const count = ok ? 0 : (failures.get(name) ?? 0) + 1;
    failures.set(name, count);
    const group = settings.operatorGroupId;
    if (count < JOB_FAILURES_TO_ALERT || !group || name.startsWith('line ')) return;
    const now = deps.clock.now();
    const notice = {
      dedupeKey: `ops:job:${name}:${Math.floor(now.getTime() / 3_600_000)}`,
      target: group,
      kind: 'ops-job',
      lang: settings.operatorLang,
      params: { job: name, failures: String(count) },
    };
    createLineRepository(deps.db)
      .enqueue([notice], now)
      .catch((error: unknown) => app.log.warn({ err: error, job: name }, 'LINE job alert not stored'));
  }

  return { lineFeedJob: feedJob, lineSendJob: sendJob, lineMessaging: messaging, lineJobPassed: jobPassed };
}
