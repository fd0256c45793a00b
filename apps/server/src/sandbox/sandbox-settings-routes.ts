import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listOnSandboxIndex } from './sandbox-index.ts';
import { sandboxPage, sendPage } from './sandbox-page.ts';
import { escapeHtml as esc } from '../http/html.ts';
import type { LookupService } from '../modules/lookup/lookup-service.ts';
import { LOOKUP_SETTINGS, type LookupName } from '../modules/lookup/settings-keys.ts';

const ZName = z.object({ name: z.enum(Object.keys(LOOKUP_SETTINGS) as [LookupName, ...LookupName[]]) });

/**
 * The operator stand-in (mounted only with SANDBOX=on): a simulator of the
 * operator's actions, for trying the product without the back office (`/admin`,
 * with logins, roles and an audit trail, is the real tool). Read and change a lookup
 * setting (close the service: `active` -> gone; turn the registration code
 * off, ...); the withdrawal and manual-deposit decisions live beside their
 * modules' routes under /sandbox/ops too. See docs/sandbox.md, "Operator stand-in".
 */
export function registerSandboxSettingsRoutes(app: FastifyInstance, lookups: LookupService): void {
  listOnSandboxIndex(app, {
    path: '/sandbox/ops',
    title: 'Operator stand-in',
    about:
      'A simulator of the operator (no login, no audit; the real tool is the back office at /admin): change settings (close the service, turn the registration code off, ...), decide withdrawals in review and manual deposits.',
  });
  app.get('/sandbox/ops/settings/:name', { schema: { hide: true, params: ZName } }, async (request) => {
    const { name } = request.params as z.infer<typeof ZName>;
    return lookups.get(name);
  });

  app.put('/sandbox/ops/settings/:name', { schema: { hide: true, params: ZName } }, async (request) => {
    const { name } = request.params as z.infer<typeof ZName>;
    await lookups.set(name, request.body);
    return lookups.get(name);
  });

  app.get('/sandbox/ops', { schema: { hide: true } }, (request, reply) => {
    const origin = esc(`${request.protocol}://${request.host}`);
    const items = Object.keys(LOOKUP_SETTINGS)
      .map((n) => `<li><a href="/sandbox/ops/settings/${esc(n)}"><code>${esc(n)}</code></a></li>`)
      .join('');
    return sendPage(
      reply,
      sandboxPage({
        title: 'Operator stand-in (sandbox)',
        body: `<p>A simulator of what an operator does, for trying the product on this machine: no login, no roles, no audit trail. The real tool is the back office at <a href="/admin">/admin</a>. Everything here is JSON over HTTP; the examples use <code>curl</code> against this server.</p>
<h2>Settings</h2>
<p>Each lookup the site reads. Change one with a JSON PUT to the same path, for example to close the service:</p>
<pre>curl -X PUT -H 'content-type: application/json' -d '{"status":"gone"}' ${origin}/sandbox/ops/settings/active</pre>
<ul>${items}</ul>
<h2>Withdrawals waiting for a decision</h2>
<p>A withdrawal waits in review when it is above the automatic-approval limit (<code>reviewReason</code> <code>ABOVE_AUTO_LIMIT</code>) or goes to a bank account the member changed in the last 24 hours (<code>BANK_CHANGED</code>: check with the member first). <a href="/sandbox/ops/withdrawals">/sandbox/ops/withdrawals</a> lists them with the reason; decide one with</p>
<pre>curl -X POST ${origin}/sandbox/ops/withdrawals/&lt;id&gt;/approve   # or /reject</pre>
<h2>Manual deposits</h2>
<p>Deposit notices made in manual mode: <a href="/sandbox/ops/deposits">/sandbox/ops/deposits</a> lists the open ones; decide one with</p>
<pre>curl -X POST ${origin}/sandbox/ops/deposits/&lt;id&gt;/confirm   # or /reject</pre>`,
      }),
    );
  });
}
