import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';
import { createChaosMembers, openGameAccounts } from '../chaos/chaos-setup.ts';
import { startTestCluster } from '../cluster/test-cluster.ts';

/**
 * A full rolling restart under load (docs/operations.md, "Rolling restarts"): 2 nodes on
 * PostgreSQL and Redis behind HAProxy, 16 clients moving money and reading through the balancer
 * while every node is restarted in turn. Runs where PostgreSQL, Redis and HAProxy are all there
 * (CI installs HAProxy from Debian's packages: .ci/run).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxy = spawnSync('haproxy', ['-v']).status === 0;
const missing = [!adminUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL', !haproxy && 'haproxy'].filter(Boolean);
/** The balancer; nodes on the ports after it. */
const PORT = Number(process.env.ROLL_TEST_PORT ?? 8362);
const CLIENTS = 16;

type Sent = { what: 'transfer' | 'read'; status: number; started: number; ms: number; body?: string };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

describe.skipIf(missing.length > 0)(
  `a rolling restart behind the balancer${missing.length ? ` (skipped: no ${missing.join(', ')})` : ''}`,
  () => {
    const cleanup: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
    });

    it('restarts every node in turn with 16 clients at work: no 5xx, nothing dropped, the books right', { timeout: 300_000 }, async () => {
      const { cluster, database, dir } = await startTestCluster({
        adminUrl: adminUrl ?? '',
        redisUrl: redisUrl ?? '',
        port: PORT,
        label: 'roll',
        poolSize: 4,
        cleanup,
      });
      const members = await openGameAccounts(
        cluster.origin,
        await createChaosMembers(database.db, cluster.tokenSecret, CLIENTS, 1_000_000n),
        ['pg'],
        500,
      );

      const sent: Sent[] = [];
      let stopping = false;
      const client = async (token: string, index: number) => {
        for (let i = index; !stopping; i++) {
          const read = i % 3 === 2;
          const started = Date.now();
          let status = 0;
          let body: string | undefined;
          try {
            const res = read
              ? await fetch(`${cluster.origin}/api/wallet`, { headers: { authorization: `Bearer ${token}` } })
              : await fetch(`${cluster.origin}/api/wallet/transfer`, {
                  method: 'POST',
                  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
                  body: JSON.stringify(i % 2 === 0 ? { from: 'WALLET', to: 'pg', amount: 2.5 } : { from: 'pg', to: 'WALLET', amount: 2.5 }),
                });
            const text = await res.text();
            status = res.status;
            // The answer of a failure, for the report: the balancer's page or the node's error code.
            if (status >= 500) body = text.slice(0, 120);
          } catch {
            // A dropped connection: status 0, counted as a failure.
          }
          sent.push({ what: read ? 'read' : 'transfer', status, started, ms: Date.now() - started, ...(body ? { body } : {}) });
        }
      };
      const running = Promise.all(members.map((m, i) => client(m.token, i)));

      const rollBegan = Date.now();
      const steps = await cluster.roll();
      const rollEnded = Date.now();
      stopping = true;
      await running;

      const failed = sent.filter((s) => s.status === 0 || s.status >= 500);
      const during = sent.filter((s) => s.started >= rollBegan && s.started <= rollEnded);
      const statuses = [...new Set(sent.map((s) => s.status))].sort();
      process.stdout.write(
        `rolling restart of 2 nodes, ${CLIENTS} clients: ${sent.length} requests (${during.length} during the roll, ` +
          `${((rollEnded - rollBegan) / 1000).toFixed(1)} s), p50 ${percentile(
            during.map((s) => s.ms),
            50,
          )} ms, ` +
          `p99 ${percentile(
            during.map((s) => s.ms),
            99,
          )} ms during the roll; statuses ${statuses.join(', ')}; failed ${failed.length}; ` +
          `${steps.map((s) => `${s.node} drained and exited in ${s.stopMs} ms, back after ${s.backMs} ms`).join('; ')}\n`,
      );
      expect(failed.slice(0, 5), `logs in ${dir}`).toEqual([]);
      // Every request got a definite answer: done (200) or accepted and left to reconciliation (202).
      expect(statuses.every((s) => s === 200 || s === 202)).toBe(true);
      expect(during.length).toBeGreaterThan(CLIENTS * 10);
      expect(cluster.nodes.flatMap((n) => n.unexpectedExits)).toEqual([]);
      expect(await checkInvariants(database.db)).toEqual([]);
    });
  },
);
