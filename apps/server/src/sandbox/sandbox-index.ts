import type { FastifyInstance } from 'fastify';
import { escapeHtml as esc } from '../http/html.ts';
import { sandboxPage, sendPage } from './sandbox-page.ts';

/** One simulator page for people, as the /sandbox index lists it. */
export type SandboxEntry = { path: string; title: string; about: string };

const entries = new WeakMap<FastifyInstance, SandboxEntry[]>();

/**
 * Lists a simulator's page for people on the /sandbox index. Every simulator
 * with such a page calls this where it mounts its routes, with the same app
 * instance it was given, so the index always shows what is mounted.
 */
export function listOnSandboxIndex(app: FastifyInstance, entry: SandboxEntry): void {
  entries.set(app, [...(entries.get(app) ?? []), entry]);
}

/** GET /sandbox: every simulator page listed on this app, in the order they were mounted. */
export function registerSandboxIndex(app: FastifyInstance): void {
  app.get('/sandbox', { schema: { hide: true } }, (_request, reply) => {
    const items = (entries.get(app) ?? [])
      .map((e) => `<li><a href="${esc(e.path)}">${esc(e.title)}</a> <code>${esc(e.path)}</code><br>${esc(e.about)}</li>`)
      .join('\n');
    return sendPage(
      reply,
      sandboxPage({
        title: 'Sandbox',
        isIndex: true,
        body: `<p>Every outside party of the site is simulated on this server, behind the same HTTP calls a real one would answer. These pages let a person play each part.</p>
<ul>\n${items}\n</ul>
<p>The API the member site uses is described at <a href="/api/docs">/api/docs</a>.</p>`,
      }),
    );
  });
}
