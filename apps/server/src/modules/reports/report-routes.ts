import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REPORT_NAMES, ZReconciliationResponse, ZReportQuery, ZReportResponses, type ReportName } from '@jetton/contract/admin/reports';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { adminRoute } from '../admin/admin-guard.ts';
import { CSV_LANGUAGES, reportCsv } from './report-csv.ts';
import { checkRange } from './report-figures.ts';
import type { ReportService } from './report-service.ts';

/** The reports' back-office routes (docs/reports.md): `reports.view`, through the admin guard. */
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
