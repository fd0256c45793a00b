/**
 * `npm run bench -- ledger`: the ledger primitive (function ledger_post) beside
 * pgledger (github.com/pgr0ss/pgledger) on pgledger's own workload, on the same
 * PostgreSQL in one run (PostgreSQL only: BENCH_DATABASE_URL or TEST_DATABASE_URL).
 *
 * pgledger's workload (its go/performance_check.go): 20 workers, each in a loop
 * picking two distinct random accounts out of N and moving a random amount
 * (1 .. 2^32 - 1) from one to the other, one function call per transfer, each its
 * own transaction. Here both sides run that loop from this process with 20
 * connections and one prepared statement each, in ALTERNATING rounds (ours,
 * pgledger, ours, ...) so that a neighbour's load on the shared machine lands on
 * both; the ratio is the sum of ours over the sum of theirs.
 *
 * pgledger is installed from its repository into a scratch database: its SQL is
 * read from PGLEDGER_DIR (a checkout) or fetched from GitHub at a pinned commit;
 * it is never copied into this repository. Our side is the real schema (every
 * migration, triggers and indexes included): member wallets funded from a system
 * account, each transfer a `bench.transfer` entry between two wallets (the floor
 * rule checked; the funding is large enough that none is refused).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { uuidV7 } from '../apps/server/src/db/uuid-v7.ts';
import { ensureAccount } from '../apps/server/src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../apps/server/src/ledger/account-codes.ts';
import { checkInvariants } from '../apps/server/src/ledger/check-invariants.ts';
import { postEntry } from '../apps/server/src/ledger/post-entry.ts';
import { createPostQueue } from '../apps/server/src/ledger/post-queue.ts';
import { saveResult } from './lib.ts';

const WORKERS = 20;
const ACCOUNT_COUNTS = [50, 10];
const ROUNDS = Number(process.env.BENCH_LEDGER_ROUNDS ?? 3);
const ROUND_S = Number(process.env.BENCH_LEDGER_ROUND_S ?? 5);
const PGLEDGER_COMMIT = 'c18c7d267d46ab396641d5e44f1ce3166aeb9a6d';
/** As its justfile installs it: the ULID helpers, then the ledger. */
const PGLEDGER_FILES = ['vendor/scoville-pgsql-ulid/ulid-to-uuid.sql', 'vendor/scoville-pgsql-ulid/uuid-to-ulid.sql', 'pgledger.sql'];
/** Each wallet starts with this much: far more than the random walk of 2^32-sized amounts can take out in a run. */
const FUNDS = 10n ** 15n;

/** A side of the comparison: one transfer between two of its accounts, by the worker holding `worker`. */
type Side = { name: string; accounts: string[]; transfer: (worker: number, from: string, to: string, amount: number) => Promise<unknown> };
type Round = { side: string; accounts: number; perSecond: number };

async function pgledgerSql(): Promise<string> {
  const dir = process.env.PGLEDGER_DIR;
  const parts = await Promise.all(
    PGLEDGER_FILES.map(async (file) => {
      if (dir) return readFile(path.join(dir, file), 'utf8');
      const response = await fetch(`https://raw.githubusercontent.com/pgr0ss/pgledger/${PGLEDGER_COMMIT}/${file}`);
      if (!response.ok) throw new Error(`pgledger ${file}: HTTP ${response.status} (set PGLEDGER_DIR to a checkout)`);
      return response.text();
    }),
  );
  return parts.join('\n');
}

async function admin(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Our schema with `count` funded wallets; answers their account ids. */
async function setUpOurs(url: string, count: number): Promise<{ accounts: string[]; check: () => Promise<number> }> {
  const { db } = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await migrateToLatest(db);
  const source = await ensureAccount(db, systemAccount(ACCOUNT_CODES.bank('bench'), 'THB'));
  const accounts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const wallet = await ensureAccount(db, memberWallet(uuidV7(new Date()), 'THB'));
    await postEntry(db, {
      kind: 'deposit.bench',
      reference: `fund-${wallet}`,
      postings: [
        { account: source, amount: -FUNDS },
        { account: wallet, amount: FUNDS },
      ],
    });
    accounts.push(String(wallet));
  }
  await db.destroy();
  return {
    accounts,
    check: async () => {
      const { db: again } = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        return (await checkInvariants(again)).length;
      } finally {
        await again.destroy();
      }
    },
  };
}

async function setUpPgledger(url: string, count: number, installSql: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(installSql);
    const accounts: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const { rows } = await client.query<{ id: string }>(`select id from pgledger_create_account('acct', 'USD')`);
      accounts.push(rows[0]?.id ?? '');
    }
    return accounts;
  } finally {
    await client.end();
  }
}

/** pgledger's loop: WORKERS workers, two distinct random accounts and a random amount per transfer, for ROUND_S seconds. */
async function round(side: Side, seconds = ROUND_S): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (Date.now() < until) {
        const a = Math.floor(Math.random() * side.accounts.length);
        let b = Math.floor(Math.random() * (side.accounts.length - 1));
        if (b >= a) b += 1;
        await side.transfer(worker, side.accounts[a] ?? '', side.accounts[b] ?? '', 1 + Math.floor(Math.random() * (2 ** 32 - 1)));
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

/** One prepared statement per worker connection, as pgx runs pgledger's check. */
function statementSide(name: string, accounts: string[], clients: pg.Client[], text: string): Side {
  return {
    name,
    accounts,
    transfer: (worker, from, to, amount) => clients[worker]?.query({ name, text, values: [from, to, amount] }) ?? Promise.resolve(),
  };
}

async function connect(url: string): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
}

const LEDGER_POST_SQL = `select entry_id, outcome from ledger_post('bench.transfer', '', null, null, array[$1, $2]::bigint[], array[-$3::bigint, $3::bigint])`;

/**
 * The raw ledger for the transfer bench's ratio: ledger_post one call a
 * transaction on this workload at 50 accounts, in a scratch database of its
 * own, ready for rounds run between the HTTP bench's own (alternating, so the
 * machine's changing speed lands on both sides).
 */
export async function openRawLedger(base: string): Promise<{ round: (seconds: number) => Promise<number>; close: () => Promise<void> }> {
  const name = `jetton_raw_ledger_${process.pid}`;
  await admin(base, `create database ${name}`);
  const url = databaseUrl(base, name);
  const { accounts } = await setUpOurs(url, 50);
  const clients = await connect(url);
  return {
    round: (seconds) => round(statementSide('ledger_post', accounts, clients, LEDGER_POST_SQL), seconds),
    close: async () => {
      await Promise.all(clients.map((c) => c.end()));
      await admin(base, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function runLedgerBench(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('\nLedger vs pgledger: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const installSql = await pgledgerSql();
  const rounds: Round[] = [];
  const summary: { accounts: number; ledgerPost: number; queued: number; pgledger: number; violations: number }[] = [];
  console.log(`\nLedger primitive vs pgledger (${WORKERS} workers, ${ROUNDS} alternating rounds of ${ROUND_S} s per side)`);
  for (const count of ACCOUNT_COUNTS) {
    const names = { ours: `jetton_ledger_${process.pid}`, theirs: `pgledger_${process.pid}` };
    await admin(base, `create database ${names.ours}`);
    await admin(base, `create database ${names.theirs}`);
    try {
      const oursUrl = databaseUrl(base, names.ours);
      const theirsUrl = databaseUrl(base, names.theirs);
      const ours = await setUpOurs(oursUrl, count);
      const oursClients = await connect(oursUrl);
      const theirsClients = await connect(theirsUrl);
      // The post queue (ledger/post-queue.ts) as the server runs it: entries arriving during a commit share the next one.
      const queued = await openDatabase({ kind: 'postgres', url: oursUrl, poolSize: 2 });
      const queue = createPostQueue(queued.db);
      const sides: Side[] = [
        // The wallets' floor is checked (default floor kinds); a transfer is one statement and one transaction.
        statementSide('ledger_post', ours.accounts, oursClients, LEDGER_POST_SQL),
        statementSide(
          'pgledger',
          await setUpPgledger(theirsUrl, count, installSql),
          theirsClients,
          'select id from pgledger_create_transfer($1, $2, $3)',
        ),
        {
          name: 'queued',
          accounts: ours.accounts,
          transfer: (_worker, from, to, amount) =>
            queue.post({
              kind: 'bench.transfer',
              postings: [
                { account: BigInt(from), amount: -BigInt(amount) },
                { account: BigInt(to), amount: BigInt(amount) },
              ],
            }),
        },
      ];
      const totals: Record<string, number> = {};
      for (let r = 0; r < ROUNDS; r += 1) {
        for (const side of sides) {
          const perSecond = await round(side);
          rounds.push({ side: side.name, accounts: count, perSecond });
          totals[side.name] = (totals[side.name] ?? 0) + perSecond;
          console.log(`  ${count} accounts, round ${r + 1}, ${side.name.padEnd(11)} ${perSecond.toFixed(0).padStart(6)} transfers/s`);
        }
      }
      await Promise.all([...oursClients, ...theirsClients].map((c) => c.end()));
      await queued.db.destroy();
      const violations = await ours.check();
      const mean = (name: string) => (totals[name] ?? 0) / ROUNDS;
      const line = { accounts: count, ledgerPost: mean('ledger_post'), queued: mean('queued'), pgledger: mean('pgledger'), violations };
      summary.push(line);
      const ratio = (name: string) => (mean(name) / Math.max(line.pgledger, 1)).toFixed(2);
      console.log(
        `  ${count} accounts (means of the rounds): pgledger ${line.pgledger.toFixed(0)}/s; ledger_post one call a transaction ` +
          `${line.ledgerPost.toFixed(0)}/s = ${ratio('ledger_post')}x; through the post queue ${line.queued.toFixed(0)}/s = ${ratio('queued')}x; ` +
          `invariant violations after: ${violations}`,
      );
    } finally {
      await admin(base, `drop database if exists ${names.ours} with (force)`);
      await admin(base, `drop database if exists ${names.theirs} with (force)`);
    }
  }
  saveResult('ledger', { at: new Date().toISOString(), workers: WORKERS, rounds: ROUNDS, roundS: ROUND_S, perRound: rounds, summary });
}
