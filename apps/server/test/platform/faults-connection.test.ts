import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { memberWallet } from '../../src/ledger/account-codes.ts';
import { ensureAccount } from '../../src/ledger/accounts.ts';
import { call } from '../support/accounts-support.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';
import { activated, atProvider, expectHealthy, transfer, walletBalance, walletMember } from '../support/wallet-support.ts';

/**
 * PostgreSQL closing the server's connections (pg_terminate_backend: what an
 * operator, a restart or a failover does) is an ordinary event: the process
 * stays up, the request in flight answers 503 or succeeds, the next succeeds.
 * PostgreSQL only: the embedded engine has no connections to lose.
 */
const url = process.env.TEST_DATABASE_URL;

/** Backends of this database other than the caller's own, optionally only those waiting on a lock. */
async function backends(db: Kysely<DB>, which: 'idle' | 'waiting-on-lock'): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and ${which === 'idle' ? sql`state = 'idle'` : sql`wait_event_type = 'Lock'`}`.execute(db);
  return rows.map((r) => r.pid);
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!url)(`the server's PostgreSQL connections closed under it${url ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // No job timers: a job's own query cut by the terminations would only add noise to what is measured here.
    t = await startTestApp('postgres', {}, { startJobs: false });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('terminated idle pooled connections: the next requests (a read, a transfer) succeed', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    // Fill the pool with idle connections, then close all of them from the server side.
    await Promise.all(Array.from({ length: 5 }, () => call(t, 'GET', ROUTES.wallet.summary, undefined, { token: m.token })));
    const idle = await backends(db(), 'idle');
    expect(idle.length).toBeGreaterThan(0);
    for (const pid of idle) await sql`select pg_terminate_backend(${pid})`.execute(db());
    // "Next" means after the backends are gone, as for any real client: by then the pool has heard
    // of each closed connection (its error event) and dropped it, rather than lending it out again.
    await waitFor(
      async () => ((await backends(db(), 'idle')).some((pid) => idle.includes(pid)) ? undefined : true),
      'the backends to exit',
    );

    const read = await call(t, 'GET', ROUTES.wallet.summary, undefined, { token: m.token });
    expect(read.statusCode, read.body).toBe(200);
    const moved = await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 10 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await walletBalance(t, m.id)).toBe(9_000n);
    expect(await atProvider(t, 'pg', pg.username ?? '')).toBe(1_000n);
    await expectHealthy(t);
  });

  it('a connection terminated while checked out mid-request: 503 or success, the money right either way, the next request succeeds', async () => {
    const m = await walletMember(t, 10_000n);
    const pg = await activated(t, m, 'pg');
    const walletId = await ensureAccount(db(), memberWallet(m.id, 'THB'));
    let inFlight: ReturnType<typeof transfer> | undefined;
    await db()
      .transaction()
      .execute(async (trx) => {
        // Hold the wallet's row lock: the transfer's debit waits on it with its connection checked out.
        await sql`select id from ledger_accounts where id = ${walletId} for update`.execute(trx);
        inFlight = transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 25 }, 'a2b1f3e0-0000-4000-8000-000000000001');
        const [pid] = await waitFor(async () => {
          const waiting = await backends(trx, 'waiting-on-lock');
          return waiting.length > 0 ? waiting : undefined;
        }, 'the transfer to wait on the lock');
        await sql`select pg_terminate_backend(${pid})`.execute(trx);
        // Give the retry (the debit is idempotent by its reference) time to queue behind the lock too.
        await sleep(100);
      });
    const res = await (inFlight ?? Promise.reject(new Error('no request started')));
    expect([200, 503], res.body).toContain(res.statusCode);
    if (res.statusCode === 503) expect(res.json()).toEqual({ message: 'SERVICE_UNAVAILABLE' });
    // Either it moved once or not at all: the wallet and the provider agree.
    const wallet = await walletBalance(t, m.id);
    const provider = await atProvider(t, 'pg', pg.username ?? '');
    expect(wallet + provider).toBe(10_000n);

    const next = await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 5 });
    expect(next.statusCode, next.body).toBe(200);
    expect(await walletBalance(t, m.id)).toBe(wallet - 500n);
    await expectHealthy(t);
  });
});

describe.skipIf(!url)(
  `/api/health says what is down and recovers by itself${url ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    let t: TestApp;
    let proxied: Database;
    let node: Awaited<ReturnType<typeof buildApp>>;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    beforeAll(async () => {
      t = await startTestApp('postgres');
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
      const direct = new URL(url ?? '');
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const through = new URL(url ?? '');
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      through.pathname = `/${rows[0]?.name ?? ''}`;
      proxied = await openDatabase({ kind: 'postgres', url: through.toString(), poolSize: 4 });
      // A second node on the same database, reaching it through the proxy the test cuts.
      node = await buildApp({ config: testConfig(), db: proxied.db, engine: 'postgres', clock: t.clock, logger: false, startJobs: false });
      await node.ready();
    });
    afterAll(async () => {
      await node.close();
      await proxied.db.destroy();
      await proxy.close();
      await t.close();
    });

    it('503 { down: ["db"] } while the database is unreachable, 200 again once it is back, and the process never went down', async () => {
      const m = await walletMember(t);
      const wallet = () => node.inject({ url: ROUTES.wallet.summary, headers: { authorization: `Bearer ${m.token}` } });
      expect((await node.inject({ url: ROUTES.health })).json()).toEqual({ status: 'ok', database: 'postgres' });
      expect((await wallet()).statusCode).toBe(200);
      await proxy.cut();
      const down = await node.inject({ url: ROUTES.health });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: 'SERVICE_UNAVAILABLE', down: ['db'] });
      // A member's request meanwhile: "please try again", never a 500.
      const refused = await wallet();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ message: 'SERVICE_UNAVAILABLE' });
      await proxy.restore();
      const back = await waitFor(async () => {
        const res = await node.inject({ url: ROUTES.health });
        return res.statusCode === 200 ? res : undefined;
      }, 'health to recover');
      expect(back.json()).toEqual({ status: 'ok', database: 'postgres' });
      expect((await wallet()).statusCode).toBe(200);
    });
  },
);

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)(`Redis lost and back${redisUrl ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`, () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    const direct = new URL(redisUrl ?? '');
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 6379) });
    const through = new URL(redisUrl ?? '');
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    t = await startTestApp('embedded', { redisUrl: through.toString() });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  const health = () => t.app.inject({ url: ROUTES.health });
  // Counters in Redis outlive a run: an address of this run only.
  const nextIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const login = (ip: string) => call(t, 'POST', ROUTES.account.login, { username: '0899999996', password: 'x' }, { ip });
  const degraded = { status: 'degraded', database: 'embedded', degraded: ['redis'] };

  it('health stays 200 and says degraded while Redis is down (the balancer keeps the node), logins count in the node, and it recovers by itself', async () => {
    expect((await health()).json()).toEqual({ status: 'ok', database: 'embedded' });
    await proxy.cut();
    const down = await waitFor(async () => {
      const res = await health();
      return res.json<{ status: string }>().status === 'degraded' ? res : undefined;
    }, 'health to see Redis down');
    expect([down.statusCode, down.json()]).toEqual([200, degraded]);
    const metrics = await t.app.services.metrics.render();
    expect(metrics).toMatch(/^jetton_redis_up 0$/m);
    expect(metrics).toMatch(/^jetton_health_up 1$/m);
    expect(metrics).toMatch(/^jetton_redis_outages_total [1-9]/m);
    // The login limit (30 a minute per client) still holds, counted in this node.
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await login(ip)).statusCode).toBe(404);
    expect((await login(ip)).statusCode).toBe(429);
    await proxy.restore();
    await waitFor(async () => ((await health()).json<{ status: string }>().status === 'ok' ? true : undefined), 'health to see Redis back');
    expect((await t.app.services.metrics.render()).match(/^jetton_redis_up 1$/m)).not.toBeNull();
  });

  it('a hung Redis holds up one call at most: the link drops it, and calls count in the node without asking Redis until it answers again', async () => {
    await waitFor(async () => ((await health()).json<{ status: string }>().status === 'ok' ? true : undefined), 'Redis up');
    const ip = nextIp();
    expect((await login(ip)).statusCode).toBe(404);
    // Each call counted in Redis sends the client's counter key, which names its address.
    const counted = () => proxy.sent().split(`-${ip}`).length - 1;
    const before = counted();
    proxy.stall();
    try {
      for (let i = 0; i < 10; i++) expect((await login(ip)).statusCode).toBe(404);
      // The first call waited for its answer until the command timeout; the other nine never asked.
      expect(counted() - before).toBe(1);
      expect((await health()).json()).toEqual(degraded);
    } finally {
      proxy.unstall();
    }
    await waitFor(async () => ((await health()).json<{ status: string }>().status === 'ok' ? true : undefined), 'Redis answering again');
    expect((await login(ip)).statusCode).toBe(404);
    expect(counted() - before).toBe(2);
  });
});
