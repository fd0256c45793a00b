import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import type { GameProviders } from '../wallet/game-providers.ts';
import { createReportJob, type ReportJob } from './report-job.ts';
import { reportedGames } from './report-repository.ts';
import { registerReportRoutes } from './report-routes.ts';
import { createReportService, type ReportService } from './report-service.ts';

/** How often the report job pulls rounds and rolls closed days. */
const JOB_INTERVAL_MS = 5 * 60_000;
const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * Reports (docs/reports.md): the service, the job that imports rounds and rolls
 * closed days, and the admin routes (reports.view, through the admin guard).
 */
export function registerReportsFeature(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; jobs: JobScheduler; providers: GameProviders },
): { reportJob: ReportJob; reports: ReportService } {
  const { db, clock } = deps;
  const service = createReportService({ db, clock });
  const { providers } = deps;
  const job = createReportJob({
    db,
    clock,
    providers: async () => {
      const games = await reportedGames(db);
      return games.map((g) => providers.get(g.code, { launchMode: g.launch_mode, timeoutMs: PROVIDER_TIMEOUT_MS }));
    },
    log: (error, gameCode) => app.log.warn({ err: error, gameCode }, 'round history not pulled'),
  });
  deps.jobs.every(job, { name: 'reports', intervalMs: () => Promise.resolve(JOB_INTERVAL_MS) });
  registerReportRoutes(app, service);
  return { reportJob: job, reports: service };
}
