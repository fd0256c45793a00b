import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { adminQuery, databaseUrl } from '../support/global-setup.ts';
import { startCluster, type Cluster } from './cluster.ts';

type Cleanup = (() => Promise<unknown>)[];

/**
 * What a rolling-restart test stands on: a fresh PostgreSQL database and folder, a 2-node cluster
 * behind HAProxy on them (node n on port + n), and a pool of the test's own. Each step's undoing goes
 * onto `cleanup`, to run in reverse; the folder (the nodes' and the balancer's logs) stays when
 * `keepFolder()` says so, e.g. after a failure.
 */
export async function startTestCluster(options: {
  adminUrl: string;
  redisUrl: string;
  port: number;
  label: string;
  poolSize: number;
  cleanup: Cleanup;
  keepFolder?: () => boolean;
}): Promise<{ cluster: Cluster; database: Database; dir: string }> {
  const { adminUrl, cleanup } = options;
  const name = `jetton_${options.label}_${randomUUID().slice(0, 8)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  cleanup.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = databaseUrl(adminUrl, name);
  const dir = mkdtempSync(path.join(tmpdir(), `jetton-cluster-${options.label}-`));
  cleanup.push(() => Promise.resolve(options.keepFolder?.() || rmSync(dir, { recursive: true, force: true })));
  const cluster = await startCluster({
    nodes: 2,
    port: options.port,
    databaseUrl: url,
    redisUrl: options.redisUrl,
    dir,
    log: () => undefined,
  });
  cleanup.push(() => cluster.stop());
  const database = await openDatabase({ kind: 'postgres', url, poolSize: options.poolSize });
  cleanup.push(() => database.db.destroy());
  return { cluster, database, dir };
}
