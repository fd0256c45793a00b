/**
 * `npm run bench -- auto-deposit`: can the automatic-deposit pipeline take
 * 1,000 incoming lines a minute for a site of 50,000 members? On PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL), a fresh database gets the seed and
 * AUTO_DEPOSIT_MEMBERS (50,000) members with registered accounts; lines then
 * arrive open loop at AUTO_DEPOSIT_PER_MINUTE (1,000) for AUTO_DEPOSIT_SECONDS
 * (60): 90 % from a member's registered account (credited), 10 % from an
 * unknown account (the queue). Printed: arrival -> credit p50 / p99 (from each
 * line's due time, so a backlog counts), and the share that went to the queue.
 * The poll interval (5 s by default) comes on top for AUTO lines.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { checkInvariants } from '../apps/server/src/ledger/check-invariants.ts';
import { createAutoDepositRules } from '../apps/server/src/modules/auto-deposit/auto-deposit-rules.ts';
import { createIncomingPipeline } from '../apps/server/src/modules/auto-deposit/incoming-pipeline.ts';
import { createLookupService } from '../apps/server/src/modules/lookup/lookup-service.ts';
import { createMoneyRules } from '../apps/server/src/modules/lookup/money-rules.ts';
import { createSettingsRepository } from '../apps/server/src/modules/lookup/settings-repository.ts';
import { seedDatabase } from '../apps/server/src/seed.ts';
import { saveResult } from './lib.ts';

const log = (line: string) => process.stderr.write(`[auto-deposit] ${line}\n`);
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as never;

async function admin(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

export async function runAutoDepositBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('auto-deposit bench: skipped (needs BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL)');
    return;
  }
  const members = Number(process.env.AUTO_DEPOSIT_MEMBERS ?? 50_000);
  const perMinute = Number(process.env.AUTO_DEPOSIT_PER_MINUTE ?? 1_000);
  const seconds = Number(process.env.AUTO_DEPOSIT_SECONDS ?? 60);
  const name = `jetton_autodeposit_${process.pid}`;
  await admin(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 8 });
  const db = database.db;
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { demoMember: false });
    await sql`insert into members (id, name, phone, password_hash, currency, bank_code, bank_account_name, bank_account_no, created_at, updated_at)
      select gen_random_uuid(), 'MEMBER ' || n, '08' || lpad(n::text, 8, '0'), 'x', 'THB', 'SCB', 'MEMBER ' || n, '55' || lpad(n::text, 8, '0'), now(), now()
      from generate_series(1, ${members}) n`.execute(db);
    await sql`analyze members`.execute(db);
    log(`${members} members`);

    const clock = { now: () => new Date() };
    const settings = createSettingsRepository(db);
    const onInvalid = () => undefined;
    const pipeline = createIncomingPipeline({
      db,
      clock,
      lookups: createLookupService({ settings, clock, log: quiet }),
      money: createMoneyRules({ settings, clock, log: quiet }),
      rules: createAutoDepositRules({ settings, clock, onInvalid }),
    });
    const total = Math.round((perMinute * seconds) / 60);
    const gapMs = 60_000 / perMinute;
    const latencies: number[] = [];
    let queued = 0;
    const started = performance.now();
    const runs: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + i * gapMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const known = i % 10 !== 9;
      const n = 1 + Math.floor(Math.random() * members);
      const account = known ? `55${String(n).padStart(8, '0')}` : `99${String(n).padStart(8, '0')}`;
      runs.push(
        pipeline
          .ingest({
            source: 'AUTO',
            siteBank: 'KBANK',
            siteAccount: '0123456789',
            bankRef: `B${randomUUID().replace(/-/g, '').slice(0, 20)}`,
            amount: BigInt(10_000 + Math.floor(Math.random() * 100_000)),
            occurredAt: new Date(),
            senderBank: 'SCB',
            senderDigits: account,
            senderName: null,
            raw: null,
          })
          .then(({ line }) => {
            latencies.push(performance.now() - due);
            if (line.status !== 'credited') queued++;
          }),
      );
    }
    await Promise.all(runs);
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
    const result = {
      members,
      perMinute,
      lines: total,
      p50Ms: Math.round(pct(0.5)),
      p99Ms: Math.round(pct(0.99)),
      queueShare: queued / total,
      invariants: (await checkInvariants(db)).length === 0 ? 'ok' : 'BROKEN',
    };
    console.log(
      `auto-deposit: ${total} lines at ${perMinute}/min, ${members} members: arrival -> credit p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (goal: p99 < 2,000 ms + the 5 s poll); ${(result.queueShare * 100).toFixed(1)} % to the unmatched queue; ledger ${result.invariants}`,
    );
    saveResult('auto-deposit', result);
  } finally {
    await db.destroy();
    await admin(url, `DROP DATABASE ${name}`);
  }
}
