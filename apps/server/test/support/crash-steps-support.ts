import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from '../../src/db/database.ts';
import { migrateSandbox } from '../../src/sandbox/sandbox-migrations.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { WALLET_RULES_KEY, type WalletRules } from '../../src/modules/wallet/wallet-rules.ts';
import { seedDatabase } from '../../src/seed.ts';
import type { TestEngine } from './engines.ts';
import { adminQuery, databaseUrl } from './global-setup.ts';

/**
 * Fast settlement for the crash test: a 2 s provider deadline makes
 * reconciliation look at a transfer 4 s old (twice the deadline), every half
 * second; a claim dies with its node for 6 s.
 */
export const CRASH_WALLET_RULES: Partial<WalletRules> = {
  providerTimeoutMs: 2_000,
  balanceTimeoutMs: 2_000,
  reconcileAfterMs: 4_000,
  reconcileIntervalMs: 500,
  reconcileRetryMs: 1_000,
  reconcileLeaseMs: 6_000,
};

/** A free TCP port on loopback (the node listens there; several test files run at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The database a node process will run on, which the test opens only while
 * no node runs (an embedded data folder has one process at a time): created,
 * migrated and seeded from the run's template, then reopened for the checks.
 */
export async function createNodeDatabase(engine: TestEngine, dataDir: string) {
  const postgres = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let name: string | undefined;
  if (engine === 'postgres') {
    const template = inject('postgresTemplate');
    if (!postgres || !template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set at global setup');
    name = `${template.replace('jetton_tpl_', 'jetton_crash_')}_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgres, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    url = databaseUrl(postgres, name);
  }
  const open = async (first = false): Promise<Database> => {
    if (url) return openDatabase({ kind: 'postgres', url, poolSize: 2 });
    const template = first ? { template: new Blob([await readFile(inject('pgliteTemplate'))]) } : {};
    return openDatabase({ kind: 'embedded', dataDir: path.join(dataDir, 'pglite'), ...template });
  };
  const first = await open(true);
  await migrateToLatest(first.db);
  await migrateSandbox(first.db);
  await seedDatabase(first.db, { demoMember: false });
  return {
    /** The environment of a node on this database. */
    env: url ? { DATABASE_URL: url } : {},
    first,
    open: () => open(),
    async drop(): Promise<void> {
      if (postgres && name) await adminQuery(postgres, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Sets the wallet rules (an operator's setting), over whatever was set before. */
export async function setWalletRules(db: Database['db'], rules: Partial<WalletRules>): Promise<void> {
  await createSettingsRepository(db).set(WALLET_RULES_KEY, rules);
}

export type Answer = { status: number; message: string | undefined };

/** A transfer request to a node; status 0 when no answer came (the node died under it). */
export async function sendTransfer(origin: string, token: string, body: unknown, key: string): Promise<Answer> {
  try {
    const res = await fetch(`${origin}/api/wallet/transfer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json().catch(() => undefined)) as { message?: unknown } | undefined;
    return { status: res.status, message: typeof json?.message === 'string' ? json.message : undefined };
  } catch {
    return { status: 0, message: undefined };
  }
}

/**
 * Sends the same key and body until the answer is final (200, 422, 502),
 * keeping every answer on the way: a node recovering what a dead one started
 * may say 202 PENDING or 503 "try again" meanwhile, never anything else.
 */
export async function resendUntilFinal(origin: string, token: string, body: unknown, key: string, limitMs: number) {
  const seen: Answer[] = [];
  const deadline = Date.now() + limitMs;
  for (;;) {
    const answer = await sendTransfer(origin, token, body, key);
    seen.push(answer);
    if ([200, 422, 502].includes(answer.status) || Date.now() > deadline) return { final: answer, seen };
    await sleep(250);
  }
}

export const newKey = () => randomUUID();
