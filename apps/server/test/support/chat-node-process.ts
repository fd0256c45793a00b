/**
 * A whole server node for the chat tests that need real processes (two nodes
 * sharing Redis; the browser test that restarts the server). It is main.ts plus
 * one thing the shipped server never has: the test agent authenticator, keyed by
 * TEST_AGENT_KEY (required). Configured by the usual environment (PORT,
 * DATABASE_URL or DATA_DIR, REDIS_URL, ...).
 */
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { migrateSandbox } from '../../src/sandbox/sandbox-migrations.ts';
import { seedDatabase } from '../../src/seed.ts';
import { testAgentAuthenticator } from './chat-test-agent.ts';

const key = process.env.TEST_AGENT_KEY;
if (!key || key.length < 16) throw new Error('TEST_AGENT_KEY (16+ characters) is required');

const config = loadConfig();
const { db, engine } = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: 5 }
    : { kind: 'embedded', dataDir: `${config.dataDir}/pglite` },
);
await migrateToLatest(db);
await migrateSandbox(db);
await seedDatabase(db, { demoMember: config.sandbox });
const app = await buildApp({ config, db, engine, authenticateChatAgent: testAgentAuthenticator(key).authenticate, startJobs: false });

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  void app
    .close()
    .then(() => db.destroy())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
process.stdout.write(`chat node listening on ${typeof address === 'object' && address ? address.port : config.port}\n`);
