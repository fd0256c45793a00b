/**
 * Child process of the lookup benchmark: the real app (embedded database, seeded,
 * production logging to a sink) and a bare Fastify hello-world, on two ports.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateSandbox } from '../apps/server/src/sandbox/sandbox-migrations.ts';
import { seedDatabase } from '../apps/server/src/seed.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const { db, engine } = await openDatabase({ kind: 'embedded' });
await migrateToLatest(db);
await migrateSandbox(db);
await seedDatabase(db, { demoMember: false });
const app = await buildApp({ config, db, engine, logger: { level: config.logLevel, stream: { write: () => undefined } } });
await app.listen({ host: '127.0.0.1', port: 0 });

const hello = Fastify();
hello.get('/hello', () => ({ hello: 'world' }));
await hello.listen({ host: '127.0.0.1', port: 0 });

const port = (server: { server: { address: () => unknown } }) => (server.server.address() as { port: number }).port;
process.stdout.write(`READY ${port(app)} ${port(hello)}\n`);
process.on('SIGTERM', () => {
  void Promise.all([app.close(), hello.close()]).finally(() => process.exit(0));
});
