import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';

/** OpenAPI generated from the routes' contract schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Jetton API', version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The back office (docs/operators.md, "Sessions"): an httpOnly cookie, and the CSRF header on writes.
          adminSession: { type: 'apiKey', in: 'cookie', name: 'jetton_admin' },
          adminCsrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: ROUTES.docs, staticCSP: true });
}
