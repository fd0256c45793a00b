import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ROUTES } from '@jetton/contract/routes';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { DEMO_MEMBER } from '../../src/sandbox/demo-member.ts';
import { DEMO_OPERATORS, FIRST_OWNER_LOGIN } from '../../src/modules/admin/operator-setup.ts';
import { GAME_CATALOGUE } from '../../src/modules/games/game-catalogue.ts';
import { createServerProcess, type ServerProcess } from '../chaos/chaos-server.ts';
import { adminQuery, databaseUrl } from '../support/global-setup.ts';

/**
 * Nodes started at the same moment (an orchestrator starting replicas; docs/operations.md, "Several
 * nodes"): three server processes spawned in one tick on a fresh PostgreSQL database, then again on
 * the database they made. Every one must serve, the migrations, seeds and the first owner must be
 * there once, and the first owner's password must be printed by exactly one node. Runs where
 * PostgreSQL is (TEST_DATABASE_URL): the embedded engine is one process per data folder.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
/** Node n listens on PORT + n (beside the rolling-restart tests' ports). */
const PORT = Number(process.env.ROLL_TEST_PORT ?? 8362) + 10;
const NODES = 3;
const FIRST_OWNER_LINE = /First owner created: login (\S+), password (\S+) \(shown only now\)/g;

type Answer = { status: number; body: unknown };

async function post(origin: string, url: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const adminLogin = (origin: string, login: string, password: string) => post(origin, ADMIN_ROUTES.auth.login.path, { login, password });
const memberLogin = (origin: string) =>
  post(origin, ROUTES.account.login, { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password });

describe.skipIf(!adminUrl)(`nodes started together${adminUrl ? '' : ' (skipped: no TEST_DATABASE_URL)'}`, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let failed = true;
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(
    'three nodes at once on a fresh database, then on the existing one: all serve, one first owner, printed once',
    { timeout: 400_000 },
    async () => {
      const name = `jetton_start_${randomUUID().slice(0, 8)}`;
      await adminQuery(adminUrl ?? '', `CREATE DATABASE ${name}`);
      cleanup.push(() => adminQuery(adminUrl ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const url = databaseUrl(adminUrl ?? '', name);
      const dir = mkdtempSync(path.join(tmpdir(), 'jetton-cluster-start-'));
      // The nodes' logs stay for a look when the test fails.
      cleanup.push(() => Promise.resolve(failed || rmSync(dir, { recursive: true, force: true })));
      const tokenSecret = randomBytes(32).toString('base64url');

      /** Spawns every node in this one tick (none awaited before the last is spawned) and waits for all. */
      async function startTogether(round: string, env: Record<string, string>): Promise<{ nodes: ServerProcess[]; logs: string[] }> {
        const nodes = Array.from({ length: NODES }, (_, i) =>
          createServerProcess({
            port: PORT + i + 1,
            databaseUrl: url,
            dataDir: path.join(dir, `node${i + 1}`),
            tokenSecret,
            logFile: path.join(dir, `${round}-node${i + 1}.log`),
            extra: { LOG_LEVEL: 'info', ...env },
          }),
        );
        cleanup.push(() => Promise.all(nodes.map((node) => node.stop())));
        const began = Date.now();
        const started = await Promise.allSettled(nodes.map((node) => node.start(180_000, { retry: false })));
        process.stdout.write(
          `${round} database: ${NODES} nodes started at once, all healthy after ${Date.now() - began} ms ` +
            `(${started.map((s) => (s.status === 'fulfilled' ? `${s.value} ms` : 'failed')).join(', ')})\n`,
        );
        const logs = nodes.map((_, i) => readFileSync(path.join(dir, `${round}-node${i + 1}.log`), 'utf8'));
        const crashed = started.flatMap((s, i) =>
          s.status === 'rejected' ? [`node${i + 1}: ${String(s.reason)}\n${logs[i]?.slice(-2_000)}`] : [],
        );
        expect(crashed, `logs in ${dir}`).toEqual([]);
        for (const node of nodes) expect(await node.health(10_000)).toBe(200);
        return { nodes, logs };
      }

      const database: Database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      cleanup.push(() => database.db.destroy());
      const { db } = database;
      const count = async (table: 'operators' | 'games' | 'bonus_definitions' | 'reward_banners' | 'spin_wheels') =>
        Number((await db.selectFrom(table).select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

      // 1. A fresh database, the simulators on (the most start-up work: demo operators, member and history).
      const first = await startTogether('fresh', { SANDBOX: 'on' });
      const printed = first.logs.flatMap((log) => [...log.matchAll(FIRST_OWNER_LINE)]);
      expect(printed.map((m) => m[1])).toEqual([FIRST_OWNER_LOGIN]);
      const ownerPassword = printed[0]?.[2] ?? '';
      expect(await count('operators')).toBe(DEMO_OPERATORS.length + 1);
      expect(await count('games')).toBe(GAME_CATALOGUE.length);
      expect(await count('bonus_definitions')).toBe(5);
      expect(await count('reward_banners')).toBe(2);
      expect(await count('spin_wheels')).toBe(1);
      const firstOwnerAudits = await db.selectFrom('audit_log').select('seq').where('action', '=', 'operator.first-owner').execute();
      expect(firstOwnerAudits).toHaveLength(1);
      // The demo member's history is seeded by one node only (one slip deposit in it).
      const member = await db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.username).execute();
      expect(member).toHaveLength(1);
      await expect
        .poll(
          async () =>
            (
              await db
                .selectFrom('slips')
                .select('id')
                .where('member_id', '=', member[0]?.id ?? '')
                .execute()
            ).length,
          {
            timeout: 60_000,
          },
        )
        .toBe(1);
      for (const node of first.nodes) {
        expect(await memberLogin(node.origin)).toMatchObject({ status: 200 });
        // The generated password opens the first login (the next step enrols the authenticator).
        expect(await adminLogin(node.origin, FIRST_OWNER_LOGIN, ownerPassword)).toMatchObject({ status: 200, body: { step: 'enrol' } });
      }
      for (const node of first.nodes) await node.stop();

      // 2. The same database again, all at once, now a real deployment (SANDBOX=off).
      const second = await startTogether('existing', { SANDBOX: 'off' });
      expect(second.logs.flatMap((log) => [...log.matchAll(FIRST_OWNER_LINE)])).toEqual([]);
      expect(await count('operators')).toBe(DEMO_OPERATORS.length + 1);
      for (const node of second.nodes) {
        expect(await adminLogin(node.origin, FIRST_OWNER_LOGIN, ownerPassword)).toMatchObject({ status: 200, body: { step: 'enrol' } });
        // The sandbox's published accounts are disabled (docs/security.md, "Sandbox accounts").
        expect(await adminLogin(node.origin, 'demo-owner', 'demo-owner-pass')).toEqual({ status: 403, body: { message: 'INACTIVE_USER' } });
        expect(await memberLogin(node.origin)).toEqual({ status: 403, body: { message: 'INACTIVE_USER' } });
      }
      // Disabled once, whichever node got there first: one audit row per account, not one per node.
      const disabled = await db.selectFrom('audit_log').select('action').where('action', 'like', '%.sandbox-disable').execute();
      expect(disabled).toHaveLength(DEMO_OPERATORS.length + 1);
      for (const node of second.nodes) await node.stop();
      expect([...first.nodes, ...second.nodes].flatMap((node) => node.unexpectedExits)).toEqual([]);
      failed = false;
    },
  );
});
