import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ROUTES } from '@jetton/contract/routes';
import { ZStatementRequest, ZStatementResponse } from '@jetton/contract/wallet';
import type { DB } from '../../db/schema.ts';
import { memberOf } from '../auth/member-guard.ts';
import { createStatementRepository } from './statement-repository.ts';
import { createStatementService } from './statement-service.ts';

/** POST /api/statement (docs/money.md, "The statement"); needs registerAccountFeature first (member guard). */
export function registerStatementRoutes(app: FastifyInstance, deps: { db: Kysely<DB> }): void {
  const statements = createStatementService({ statements: createStatementRepository(deps.db) });
  app.withTypeProvider<ZodTypeProvider>().post(
    ROUTES.statement.list,
    {
      onRequest: app.requireMember,
      schema: { tags: ['statement'], security: [{ bearer: [] }], body: ZStatementRequest, response: { 200: ZStatementResponse } },
    },
    async (request) => statements.page(memberOf(request).memberId, request.body),
  );
}
