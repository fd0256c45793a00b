import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ROUTES } from '@jetton/contract/routes';
import type { DB } from '../../db/schema.ts';
import { pingDatabase, type DatabaseEngine } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) });

/** GET /api/health: answers ok only when the database answers. */
export function registerHealthRoutes(app: FastifyInstance, db: Kysely<DB>, engine: DatabaseEngine): void {
  app.get(ROUTES.health, { schema: { tags: ['health'], response: { 200: ZHealth } } }, async () => {
    try {
      await pingDatabase(db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('INTERNAL_SERVER_ERROR', 503);
    }
    return { status: 'ok' as const, database: engine };
  });
}
