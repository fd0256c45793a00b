import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { PushConfig } from '../../counterparty-config.ts';
import type { DB } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import { createPushFeedJob, createPushSendJob } from './push-jobs.ts';
import { createPushRepository } from './push-repository.ts';
import { registerPushRoutes } from './push-routes.ts';
import { createPushSender } from './push-sender.ts';
import { vapidKeys } from './vapid-keys.ts';

/** Web Push notices (docs/member-web.md, "Push notices"): the subscription routes and the outbox's two jobs. */
export function registerPushFeature(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; jobs: JobScheduler; tokenSecret: string; config: PushConfig | undefined },
) {
  const keys = vapidKeys(deps.tokenSecret, deps.config);
  const push = createPushRepository(deps.db);
  registerPushRoutes(app, { push, publicKey: keys.publicKey, clock: deps.clock });
  const send = createPushSender({ subject: deps.config?.subject ?? 'mailto:support@jetton.example', ...keys }, app.closeSignal);
  const pushFeedJob = createPushFeedJob({ db: deps.db, clock: deps.clock });
  const pushSendJob = createPushSendJob({ db: deps.db, clock: deps.clock, send, log: app.log });
  deps.jobs.every(pushFeedJob, { name: 'push feed', intervalMs: () => Promise.resolve(10_000) });
  deps.jobs.every(pushSendJob, { name: 'push send', intervalMs: () => Promise.resolve(5_000) });
  return { pushFeedJob, pushSendJob, vapidPublicKey: keys.publicKey };
}
