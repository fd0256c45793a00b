import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDatabase } from './db/seed.ts';

/* eslint-disable no-console -- start-up messages are for the person at the terminal */
async function main(): Promise<void> {
  const config = loadConfig();
  const { db, engine } = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'embedded', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrateToLatest(db);
  await seedDatabase(db);
  const app = await buildApp({ config, db, engine });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let the ones in flight finish, then close the database.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log(`\nJetton is running on http://${shownHost}:${config.port} (database: ${engine})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
