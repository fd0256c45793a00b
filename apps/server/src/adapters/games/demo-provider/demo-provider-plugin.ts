import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { CrashPoint } from '../../../crash-point.ts';
import type { DB } from '../../../db/schema.ts';
import { registerDemoApiRoutes } from './demo-api-routes.ts';
import { createDemoFaults, type DemoFaults } from './demo-faults.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { prepareSimulatorScope } from '../../../sandbox/sandbox-page.ts';
import { registerDemoPageRoutes } from './demo-page-routes.ts';
import type { PageGame } from './demo-pages.ts';
import { createDemoRepository } from './demo-repository.ts';
import { createDemoSessions } from './demo-session.ts';
import { SLOT_SYMBOL_SVGS } from './demo-symbols.ts';

const client = (file: string) => readFileSync(new URL(`./client/${file}`, import.meta.url), 'utf8');

/**
 * The built-in demo game provider, mounted under /sandbox/games when the
 * sandbox is on. It behaves like a remote provider: its own tables, an API for
 * the site's adapter (agent key), player pages with three playable games, and
 * fault controls for tests. `games` is what it hosts (names, kinds and logos),
 * handed in by whoever mounts it: it knows nothing of the site's catalogue.
 */
export async function registerDemoProvider(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; agentKey: string; games: readonly PageGame[]; crash?: CrashPoint },
): Promise<DemoFaults> {
  listOnSandboxIndex(app, {
    path: '/sandbox/games',
    title: 'Demo game provider',
    about:
      'The games behind the game accounts: a slot machine, a sports bet and a lotto pick, with fault controls (latency, failures, timeouts, unknown outcomes) at /sandbox/games/faults.',
  });
  const faults = createDemoFaults();
  const repo = createDemoRepository(deps.db);
  const sessions = createDemoSessions(repo, deps.clock);
  const script = client('play.js');
  const styles = client('play.css');

  await app.register(
    async (sandbox) => {
      // Out of /api/docs; the login page posts a plain HTML form.
      prepareSimulatorScope(sandbox);
      sandbox.get('/static/play.js', (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
      );
      sandbox.get('/static/play.css', (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles),
      );
      for (const [name, body] of Object.entries(SLOT_SYMBOL_SVGS)) {
        sandbox.get(`/static/symbol-${name}.svg`, (_request, reply) =>
          reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(body),
        );
      }
      await registerDemoApiRoutes(sandbox, {
        repo,
        faults,
        clock: deps.clock,
        agentKey: deps.agentKey,
        ...(deps.crash ? { crash: deps.crash } : {}),
      });
      registerDemoPageRoutes(sandbox, { repo, sessions, clock: deps.clock, games: deps.games });
    },
    { prefix: '/sandbox/games' },
  );
  return faults;
}
