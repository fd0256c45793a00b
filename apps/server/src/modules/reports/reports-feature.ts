import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { REPORT_NAMES, ZReconciliationResponse, ZReportQuery, ZReportResponses, type ReportName } from '@jetton/contract/admin/reports';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/periodic-job.ts';
import type { GameProviders } from '../wallet/game-providers.ts';
import { adminRoute } from '../admin/admin-guard.ts';
import { CSV_LANGUAGES, reportCsv } from './report-csv.ts';
import { createReportJob, type ReportJob } from './report-job.ts';
import { reportedGames } from './report-repository.ts';
import { checkRange } from './report-figures.ts';
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

export function registerReportRoutes(app: FastifyInstance, service: ReportService): void {
  const ZName = z.object({ report: z.enum(REPORT_NAMES) });
  adminRoute(
    app,
    ADMIN_ROUTES.reports.reconciliation,
    { schema: { querystring: ZReportQuery, response: { 200: ZReconciliationResponse } } },
    async (request) => service.reconciliation(checkRange(request.query)),
  );
  // One route for every report; each answers ZReportResponses[report].
  adminRoute(app, ADMIN_ROUTES.reports.report, { schema: { params: ZName, querystring: ZReportQuery } }, async (request) => {
    const range = checkRange(request.query);
    return ZReportResponses[request.params.report].parse({ ...range, rows: await run(service, request.params.report, range) });
  });
  adminRoute(
    app,
    ADMIN_ROUTES.reports.csv,
    { schema: { params: ZName, querystring: ZReportQuery.extend({ lang: z.enum(CSV_LANGUAGES).default('th') }) } },
    async (request, reply) => {
      const range = checkRange(request.query);
      const name = request.params.report;
      const csv = reportCsv(name, await run(service, name, range), request.query.lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${range.from}-${range.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

// The service's methods by name, with the row type the contract gives that name.
function run<K extends ReportName>(service: ReportService, name: K, range: { from: string; to: string }) {
  return (service[name] as (range: { from: string; to: string }) => ReturnType<ReportService[K]>)(range);
}
