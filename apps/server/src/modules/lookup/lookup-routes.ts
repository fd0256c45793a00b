import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@jetton/contract/routes';
import { LOOKUP_SETTINGS, type LookupName } from './settings-keys.ts';
import type { LookupService } from './lookup-service.ts';

/** GET /api/lookup/*: public, cached, answered from the settings table. */
export function registerLookupRoutes(app: FastifyInstance, lookups: LookupService): void {
  for (const name of Object.keys(LOOKUP_SETTINGS) as LookupName[]) {
    app.get(
      ROUTES.lookup[name],
      { schema: { tags: ['lookup'], response: { 200: LOOKUP_SETTINGS[name].schema } } },
      // The cached bytes go out as they are: a Buffer skips serialization and encoding.
      async (_request, reply) => reply.type('application/json; charset=utf-8').send(await lookups.body(name)),
    );
  }
}
