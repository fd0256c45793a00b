import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  REPORT_NAMES,
  REPORT_ROUTES,
  ZReconciliationResponse,
  ZReportQuery,
  ZReportResponses,
  type ReportName,
} from '@jetton/contract/admin/reports';
import { demoAgentKey } from '../../adapters/games/demo-provider/agent-key.ts';
import { createSelfUrl } from '../../adapters/self-url.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { schedulePeriodic } from '../../jobs/periodic-job.ts';
import { createGameProviders } from '../wallet/game-providers.ts';
import { CSV_LANGUAGES, reportCsv } from './report-csv.ts';
import { createReportJob, type ReportJob } from './report-job.ts';
import { checkRange, createReportService, type ReportService } from './report-service.ts';

/** How often the report job pulls rounds and rolls closed days. */
const JOB_INTERVAL_MS = 5 * 60_000;
const PROVIDER_TIMEOUT_MS = 15_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The report job (modules/reports/report-job.ts); tests call runOnce(). */
    reportJob: ReportJob;
    reports: ReportService;
  }
}

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * Reports (docs/reports.md): the service, the job that imports rounds and rolls
 * closed days, and the admin routes behind `guard` (the operator's
 * reports.view permission).
 */
export function registerReportsFeature(
  app: FastifyInstance,
  deps: { config: Config; db: Kysely<DB>; clock: Clock; startJobs: boolean; guard?: Guard },
): void {
  const { db, clock } = deps;
  const service = createReportService({ db, clock });
  const providers = createGameProviders({
    apiBaseUrl: createSelfUrl(app, deps.config.sandboxBaseUrl),
    playerBaseUrl: () => '',
    agentKey: demoAgentKey(deps.config.secrets.tokenSecret),
  });
  const job = createReportJob({
    db,
    clock,
    providers: async () => {
      const games = await db.selectFrom('games').select(['code', 'launch_mode']).orderBy('code').execute();
      return games.map((g) => providers.get(g.code, { launchMode: g.launch_mode, timeoutMs: PROVIDER_TIMEOUT_MS }));
    },
    log: (error, gameCode) => app.log.warn({ err: error, gameCode }, 'round history not pulled'),
  });
  app.decorate('reportJob', job);
  app.decorate('reports', service);
  if (deps.startJobs) schedulePeriodic(app, job, { name: 'reports', intervalMs: () => Promise.resolve(JOB_INTERVAL_MS) });
  if (deps.guard) registerReportRoutes(app, service, deps.guard);
}

export function registerReportRoutes(app: FastifyInstance, service: ReportService, guard: Guard): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ adminSession: [] }];
  typed.get(
    REPORT_ROUTES.reconciliation,
    { onRequest: guard, schema: { tags: ['admin'], security, querystring: ZReportQuery, response: { 200: ZReconciliationResponse } } },
    async (request) => service.reconciliation(checkRange(request.query)),
  );
  for (const name of REPORT_NAMES) {
    typed.get(
      REPORT_ROUTES.report(name),
      {
        onRequest: guard,
        schema: { tags: ['admin'], security, querystring: ZReportQuery, response: { 200: ZReportResponses[name] as z.ZodType } },
      },
      async (request) => {
        const range = checkRange(request.query);
        return { ...range, rows: await run(service, name, range) };
      },
    );
    typed.get(
      REPORT_ROUTES.csv(name),
      {
        onRequest: guard,
        schema: { tags: ['admin'], security, querystring: ZReportQuery.extend({ lang: z.enum(CSV_LANGUAGES).default('th') }) },
      },
      async (request, reply) => {
        const range = checkRange(request.query);
        const csv = reportCsv(name, await run(service, name, range), request.query.lang);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-${range.from}-${range.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  }
}

// The service's methods by name, with the row type the contract gives that name.
function run<K extends ReportName>(service: ReportService, name: K, range: { from: string; to: string }) {
  return (service[name] as (range: { from: string; to: string }) => ReturnType<ReportService[K]>)(range);
}
