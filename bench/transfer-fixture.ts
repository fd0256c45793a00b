/**
 * Child process of the transfer benchmark: the real app on the embedded database
 * on disk, as `npm start` runs it (BENCH_EMBEDDED=durable, the default), or with
 * PGlite's own fsync-off default for comparison (BENCH_EMBEDDED=fsync-off), or
 * on PostgreSQL with BENCH_DATABASE_URL; MEMBERS members each funded and with
 * an active game account holding 1,000.00 (so the open-loop runs, whose requests
 * may overtake each other, never move money out of an empty game account), their
 * tokens written to a file. Answers `check` on its IPC channel with the ledger's
 * invariant violations and, embedded on disk with durable commits, how many
 * flushes reached the disk so far.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrateSandbox } from '../apps/server/src/sandbox/sandbox-migrations.ts';
import { seedDatabase } from '../apps/server/src/seed.ts';
import { uuidV7 } from '../apps/server/src/db/uuid-v7.ts';
import { ensureAccount } from '../apps/server/src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../apps/server/src/ledger/account-codes.ts';
import { checkInvariants } from '../apps/server/src/ledger/check-invariants.ts';
import { postEntry } from '../apps/server/src/ledger/post-entry.ts';
import { createMemberRepository } from '../apps/server/src/modules/account/member-repository.ts';
import { createAccountRules } from '../apps/server/src/modules/auth/account-rules.ts';
import { createAuthService } from '../apps/server/src/modules/auth/auth-service.ts';
import { createLoginThrottleRepository } from '../apps/server/src/modules/auth/login-throttle-repository.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password-hash.ts';
import { createSessionRepository } from '../apps/server/src/modules/auth/session-repository.ts';
import { createSigner } from '../apps/server/src/modules/auth/signer.ts';
import { createSettingsRepository } from '../apps/server/src/modules/lookup/settings-repository.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const FUNDS_MINOR = 100_000_000n; // 1,000,000.00 each: no transfer is refused for money
const GAME_FUNDS = 1000; // moved to the game at start-up (major units, as the API takes them)
export const BENCH_GAME = 'pg';

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'jetton-bench-pglite-'));
    const durable = process.env.BENCH_EMBEDDED !== 'fsync-off';
    const database = await openDatabase({ kind: 'embedded', dataDir: path.join(dir, 'pglite'), durable });
    return { database, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `jetton_bench_${process.pid}`;
  const admin = async (q: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(q).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 20 });
  return { database, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const { database, drop } = await open();
const { db, engine } = database;
await migrateToLatest(db);
await migrateSandbox(db);
await seedDatabase(db, { demoMember: false });
const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jetton-bench-')), LOG_LEVEL: 'warn' });
const app = await buildApp({
  config,
  db,
  engine,
  logger: process.env.BENCH_LOG ? { level: 'info', stream: process.stderr } : { level: 'warn', stream: { write: () => undefined } },
});
await app.listen({ host: '127.0.0.1', port: 0 });

// Members are inserted directly with one shared hash: scrypt per member would take minutes.
const members = createMemberRepository(db);
const auth = createAuthService({
  members,
  sessions: createSessionRepository(db),
  throttle: createLoginThrottleRepository(db),
  rules: createAccountRules({ settings: createSettingsRepository(db), clock: systemClock, onInvalid: () => undefined }),
  signer: createSigner(config.secrets.tokenSecret),
  clock: systemClock,
});
const passwordHash = await hashPassword('bench-password');
const bank = await ensureAccount(db, systemAccount(ACCOUNT_CODES.bank('bench'), 'THB'));
/** One funded member with an active, funded game account; their token. */
async function seedMember(i: number): Promise<string> {
  const id = uuidV7(new Date());
  await members.insert({
    id,
    name: `BENCH MEMBER ${i}`,
    phone: `05${String(i).padStart(8, '0')}`,
    password_hash: passwordHash,
    currency: 'THB',
    bank_code: 'KBANK',
    bank_account_name: `BENCH MEMBER ${i}`,
    bank_account_no: `99${String(i).padStart(8, '0')}`,
    source_code: null,
    invited_by: null,
    created_at: new Date(),
    updated_at: new Date(),
  });
  const wallet = await ensureAccount(db, memberWallet(id, 'THB'));
  await postEntry(db, {
    kind: 'deposit.bench',
    reference: randomUUID(),
    postings: [
      { account: bank, amount: -FUNDS_MINOR },
      { account: wallet, amount: FUNDS_MINOR },
    ],
  });
  const token = await auth.issueToken(id);
  const activated = await app.inject({ url: `/api/wallet/activate/${BENCH_GAME}`, headers: { authorization: `Bearer ${token}` } });
  if (activated.statusCode !== 200) throw new Error(`activation failed: ${activated.body}`);
  // 1,000.00 at the game too, so a game -> wallet transfer that overtakes its wallet -> game never lacks money.
  const funded = await app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
    payload: JSON.stringify({ from: 'WALLET', to: BENCH_GAME, amount: GAME_FUNDS }),
  });
  if (funded.statusCode !== 200) throw new Error(`game funding failed: ${funded.body}`);
  return token;
}

// Eight members at a time: on the embedded engine their commits share flushes (group commit).
const tokens: string[] = new Array<string>(MEMBERS);
let next = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < MEMBERS) {
      const i = next++;
      tokens[i] = await seedMember(i);
    }
  }),
);

const tokenFile = path.join(mkdtempSync(path.join(tmpdir(), 'jetton-bench-tokens-')), 'tokens.json');
writeFileSync(tokenFile, JSON.stringify(tokens));
process.on('message', (message: { cmd: string }) => {
  if (message.cmd !== 'check') return;
  void checkInvariants(db).then((violations) =>
    process.send?.({ violations: violations.length, flushes: database.flushCount?.() ?? null }),
  );
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.destroy())
    .then(drop)
    .finally(() => process.exit(0));
});
const address = app.server.address() as { port: number };
const label = engine === 'embedded' ? `embedded/${process.env.BENCH_EMBEDDED === 'fsync-off' ? 'fsync-off' : 'durable'}` : engine;
process.stdout.write(`READY ${address.port} ${label} ${tokenFile}\n`);
