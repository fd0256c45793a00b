import { existsSync } from 'node:fs';
import { flushCompileCache } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { LOCK_KEYS, withAdvisoryLockIfFree } from './db/advisory-lock.ts';
import { openDatabase, type OpenDatabaseOptions } from './db/database.ts';
import { startMetricsServer } from './metrics/metrics-routes.ts';
import { serveEmbeddedBackups } from './db/backup-socket.ts';
import { checkLedger } from './ledger/check-invariants.ts';
import { ledgerReportJson } from './ledger/ledger-report.ts';
import { createUploadStorage } from './adapters/storage/upload-storage.ts';
import { prepareDatabase } from './start-up.ts';
import { systemClock } from './clock.ts';
import { DEMO_OPERATORS } from './modules/admin/operator-setup.ts';
import { truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';

/** A new embedded data directory starts from the prepared template when there is one. */
async function embeddedOptions(config: Config): Promise<OpenDatabaseOptions> {
  const dataDir = path.join(config.dataDir, 'pglite');
  const isNew = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!isNew || !config.embeddedTemplate || !existsSync(config.embeddedTemplate)) return { kind: 'embedded', dataDir };
  return { kind: 'embedded', dataDir, template: new Blob([await readFile(config.embeddedTemplate)]) };
}

/** The sandbox's start-up pieces, loaded only with SANDBOX=on: the movable demo clock, the demo history, the demo member's credentials. */
async function loadSandboxStart() {
  const [{ createMovableClock }, { seedDemoHistory }, { DEMO_MEMBER }] = await Promise.all([
    import('./sandbox/demo-clock.ts'),
    import('./sandbox/demo-history.ts'),
    import('./sandbox/demo-member.ts'),
  ]);
  return { clock: createMovableClock(), seedDemoHistory, DEMO_MEMBER };
}

async function main(): Promise<void> {
  const config = loadConfig();
  // The app's logger exists only once the app is built; connection errors before then go to stderr.
  let logConnectionError = (error: Error): void => void process.stderr.write(`database connection error: ${error.message}\n`);
  const { db, engine, poolStats, dumpDataDir } = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, onConnectionError: (error) => logConnectionError(error) }
      : await embeddedOptions(config),
  );
  // Migrations, seeds, the first owner: safe with any number of nodes starting at once.
  const { firstOwner, sandboxDisabled, auditRechain } = await prepareDatabase(db, engine, {
    sandbox: config.sandbox,
    tokenSecret: config.secrets.tokenSecret,
    ownerPassword: config.adminOwnerPassword,
    now: new Date(),
  });
  // The plain clock; with the sandbox on, one the demo history moves to past days while it seeds them.
  const sandbox = config.sandbox ? await loadSandboxStart() : undefined;
  const clock = sandbox ? sandbox.clock : systemClock;
  const app = await buildApp({ config, db, engine, clock, ...(poolStats ? { poolStats } : {}) });
  logConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost: the pool replaces it');
  // Said once at start, so a wrong bucket or key shows before the first upload fails (the node still serves the rest).
  const uploads = createUploadStorage(config);
  await uploads.check().then(
    () => app.log.info({ uploads: uploads.where }, 'uploads storage answers'),
    (error: unknown) => app.log.error({ uploads: uploads.where, err: error }, 'uploads storage does not answer: uploads will fail (503)'),
  );
  uploads.close();
  if (auditRechain.rechained > 0) app.log.info({ rows: auditRechain.rechained }, 'audit trail moved onto the keyed chain');
  if (auditRechain.refusedAtSeq !== null)
    app.log.error(
      { seq: auditRechain.refusedAtSeq },
      'audit trail: a row of the unkeyed chain does not follow; left as it is (npm run audit:check)',
    );
  if (sandboxDisabled && (sandboxDisabled.operators.length > 0 || sandboxDisabled.member || sandboxDisabled.forwarder))
    app.log.warn(
      { operators: sandboxDisabled.operators, member: sandboxDisabled.member, forwarder: sandboxDisabled.forwarder },
      'SANDBOX=off: the sandbox demo accounts (published credentials) were disabled and their sessions ended',
    );

  // `npm run backup` asks this process for the embedded engine's copy (docs/operations.md, "Backups").
  const backups = dumpDataDir
    ? await serveEmbeddedBackups({
        dataDir: config.dataDir,
        dump: dumpDataDir,
        ledgerCheck: async () => Buffer.from(ledgerReportJson(await checkLedger(db))),
        onError: (error) => app.log.error({ err: error }, 'backup failed'),
      })
    : undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.drainMs }, 'shutting down');
    // Leave the balancer's rotation (health 503) while still serving, then stop taking requests, let
    // the ones in flight finish, and close the database (docs/operations.md, "Rolling restarts").
    app.services.drain();
    const forced = setTimeout(() => process.exit(1), config.drainMs + 10_000);
    forced.unref();
    new Promise((resolve) => setTimeout(resolve, config.drainMs))
      .then(() => app.close())
      .then(() => backups?.close())
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // The demo history moves the app's clock to past days while it runs: a member who logged in
  // then would get a session that expired weeks ago. Health says "starting" until it is done.
  if (config.sandbox) app.services.startingUp(true);
  await app.listen({ host: config.host, port: config.port });
  if (config.metrics.port !== undefined) {
    const metricsServer = await startMetricsServer(app.services.metrics, { ...config.metrics, port: config.metrics.port });
    metricsServer.unref();
    app.log.info({ host: config.metrics.host, port: config.metrics.port }, 'metrics listening');
  }
  // With NODE_COMPILE_CACHE set, write the compiled code now rather than at a clean exit, which a
  // SIGKILLed or OOM-killed node never reaches: its restart then loads in a fraction of the time.
  flushCompileCache();
  if (sandbox) {
    // After listen: the seeding goes through the simulators over HTTP, like any deposit.
    const truelinkKey = await truelinkKeyFromSecret(config.secrets.truelinkSecret);
    // One node seeds it (another holding the lock is at it already: this one serves meanwhile).
    await withAdvisoryLockIfFree(db, engine, LOCK_KEYS.demoHistory, () =>
      sandbox.seedDemoHistory({ app, db, clock: sandbox.clock, truelinkKey }),
    ).then(
      (outcome) => outcome === 'seeded' && app.log.info('demo member history seeded'),
      (error: unknown) => app.log.error({ err: error }, 'demo member history could not be seeded'),
    );
    app.services.startingUp(false);
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  // For the person at the terminal, beside the JSON logs.
  const origin = `http://${shownHost}:${config.port}`;
  const lines = [`\nJetton is running on ${origin} (database: ${engine})`];
  if (sandbox) {
    lines.push(`Demo member: phone ${sandbox.DEMO_MEMBER.username}, password ${sandbox.DEMO_MEMBER.password}`);
    lines.push(
      `Demo operators (back office, no code asked in the sandbox): ${DEMO_OPERATORS.map((d) => `${d.login} / ${d.password}`).join(', ')}`,
    );
    lines.push(`Simulators (every outside party, played by this server): ${origin}/sandbox; API docs: ${origin}/api/docs`);
  }
  lines.push(`Back office: ${origin}/admin`);
  // Shown once: the password is not stored anywhere but as a hash.
  if (firstOwner) lines.push(`First owner created: login ${firstOwner.login}, password ${firstOwner.password} (shown only now)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String(error instanceof Error ? (error.stack ?? error.message) : error)}\n`,
  );
  process.exit(1);
});
