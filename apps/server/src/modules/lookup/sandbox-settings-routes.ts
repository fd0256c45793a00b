import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { LookupService } from './lookup-service.ts';
import { LOOKUP_SETTINGS, type LookupName } from './settings-keys.ts';

const ZName = z.object({ name: z.enum(Object.keys(LOOKUP_SETTINGS) as [LookupName, ...LookupName[]]) });

/**
 * Sandbox operator controls (mounted only with SANDBOX=on): read and change a
 * lookup setting, e.g. close the service (`active` -> gone) or turn the
 * registration code off. Stands in for the back office until it exists.
 */
export function registerSandboxSettingsRoutes(app: FastifyInstance, lookups: LookupService): void {
  app.get('/sandbox/ops/settings/:name', { schema: { hide: true, params: ZName } }, async (request) => {
    const { name } = request.params as z.infer<typeof ZName>;
    return lookups.get(name);
  });

  app.put('/sandbox/ops/settings/:name', { schema: { hide: true, params: ZName } }, async (request) => {
    const { name } = request.params as z.infer<typeof ZName>;
    await lookups.set(name, request.body);
    return lookups.get(name);
  });

  app.get('/sandbox/ops', { schema: { hide: true } }, async (_request, reply) => {
    const names = Object.keys(LOOKUP_SETTINGS);
    const items = names.map((n) => `<li><a href="/sandbox/ops/settings/${n}"><code>${n}</code></a></li>`).join('');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox: operator settings</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<h1>Operator settings (sandbox)</h1>
<p>Each lookup the site reads. Change one with a JSON PUT to the same path, for example:</p>
<pre>curl -X PUT -H 'content-type: application/json' -d '{"status":"gone"}' http://localhost:8080/sandbox/ops/settings/active</pre>
<ul>${items}</ul></body></html>`);
  });
}
