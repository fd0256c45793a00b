/**
 * `npm run cluster`: N Jetton nodes (2 by default, `-- --nodes N`) on PostgreSQL and Redis,
 * with HAProxy in front, on loopback, from deploy/haproxy.cfg and deploy/jetton.env
 * (docs/operations.md, "Several nodes"). The balancer listens on CLUSTER_PORT (8090), node n
 * on CLUSTER_PORT + n. Database: CLUSTER_DATABASE_URL (created when missing; default
 * postgres://postgres@127.0.0.1:5432/jetton_cluster); Redis: CLUSTER_REDIS_URL
 * (redis://127.0.0.1:6379/0). Logs and each node's folder in ./.cluster. Ctrl-C stops it all.
 *
 * `npm run cluster -- --roll` (in another terminal) tells the running cluster to restart
 * every node in turn, one at a time, without failing a request.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from '../apps/server/test/cluster/cluster.ts';

const { values } = parseArgs({ options: { nodes: { type: 'string', default: '2' }, roll: { type: 'boolean', default: false } } });
const dir = path.resolve('.cluster');
const pidFile = path.join(dir, 'cluster.pid');

if (values.roll) {
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : NaN;
  try {
    process.kill(pid, 'SIGUSR2');
  } catch {
    console.error('no cluster is running here: start one with `npm run cluster`');
    process.exit(1);
  }
  console.log(`asked the cluster (pid ${pid}) to restart its nodes one at a time; it logs each step`);
  process.exit(0);
}

const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jetton_cluster';
await ensureDatabase(databaseUrl);
const cluster = await startCluster({
  nodes: Number(values.nodes),
  port: Number(process.env.CLUSTER_PORT ?? 8090),
  databaseUrl,
  redisUrl: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
  dir,
  log: (line) => console.log(`[cluster] ${line}`),
});
writeFileSync(pidFile, String(process.pid));
console.log(
  `[cluster] open ${cluster.origin}; metrics: curl -H 'Authorization: Bearer ${cluster.metricsToken}' ${cluster.nodes[0]?.origin}/metrics`,
);
console.log('[cluster] `npm run cluster -- --roll` restarts the nodes one at a time; Ctrl-C stops everything');

let rolling: Promise<unknown> = Promise.resolve();
process.on('SIGUSR2', () => {
  rolling = rolling.then(() => cluster.roll()).catch((error: unknown) => console.error(`[cluster] roll failed: ${String(error)}`));
});
const stop = () => {
  console.log('[cluster] stopping');
  void rolling
    .then(() => cluster.stop())
    .finally(() => {
      rmSync(pidFile, { force: true });
      process.exit(0);
    });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
