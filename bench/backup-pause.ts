/**
 * `npm run bench -- backup`: how long an embedded server stops answering while `npm run backup`
 * copies it (docs/operations.md, "Backups"). Builds an embedded data folder of about 70 MB, serves
 * it as main.ts does (the backup socket included), and while one client asks `GET /api/health`
 * (a database round trip) back to back, asks the server for a backup. Prints the backup's time and
 * size and the longest stretch with no answer, against the same stretch with no backup running.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { requestEmbeddedBackup, serveEmbeddedBackups } from '../apps/server/src/db/backup-socket.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateSandbox } from '../apps/server/src/sandbox/sandbox-migrations.ts';
import { testConfig } from '../apps/server/test/support/test-app.ts';

const TARGET_MB = Number(process.env.BACKUP_BENCH_MB ?? 70);

/** Asks health back to back until stopped; the longest time between two answers (or the start and an answer). */
function pollHealth(origin: string) {
  let stop = false;
  let longest = 0;
  let answers = 0;
  const running = (async () => {
    let last = performance.now();
    while (!stop) {
      await fetch(`${origin}/api/health`).then((r) => r.arrayBuffer());
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      answers++;
    }
  })();
  return {
    async end() {
      stop = true;
      await running;
      return { longest, answers };
    },
  };
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

export async function runBackupPauseBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-backup-bench-'));
  try {
    const database = await openDatabase({ kind: 'embedded', dataDir: path.join(dataDir, 'pglite') });
    if (!database.dumpDataDir) throw new Error('no dump');
    await migrateToLatest(database.db);
    await migrateSandbox(database.db);
    // Rows of 640 hex characters (compress like a real site's rows, about 2:1), until the folder is ~TARGET_MB.
    const rows = Math.round((TARGET_MB - 45) * 1200);
    await sql`create table bench_filler as select g, repeat(md5(g::text), 20) as filler from generate_series(1, ${rows}) g`.execute(
      database.db,
    );
    await sql`checkpoint`.execute(database.db);
    const mb = folderBytes(path.join(dataDir, 'pglite')) / 1048576;
    const app = await buildApp({ config: testConfig({ dataDir }), db: database.db, engine: 'embedded', logger: false, startJobs: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = await serveEmbeddedBackups({ dataDir, dump: database.dumpDataDir, onError: () => undefined });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const quiet = pollHealth(origin);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const baseline = await quiet.end();

    const during = pollHealth(origin);
    const began = performance.now();
    const copy = await requestEmbeddedBackup(dataDir);
    const backupMs = performance.now() - began;
    const measured = await during.end();
    if (copy === 'no-server') throw new Error('the backup socket did not answer');

    process.stdout.write(
      `\nEmbedded backup while serving (data folder ${mb.toFixed(0)} MB):\n` +
        `  backup ${Math.round(backupMs)} ms, ${(copy.length / 1048576).toFixed(1)} MB gzipped\n` +
        `  longest wait for a health answer: ${Math.round(measured.longest)} ms during the backup ` +
        `(${measured.answers} answers), ${Math.round(baseline.longest)} ms without one (${baseline.answers} answers in 3 s)\n`,
    );
    await socket.close();
    await app.close();
    await database.db.destroy();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
