/**
 * Each background job's tick time with a fixed amount of pending work, the
 * same at every size: a job must cost what its pending work costs, not what
 * the history costs. The work is made as the services leave it (a PENDING
 * transfer the provider applied, an open QR past its expiry, an approved
 * withdrawal with its hold, dead sessions and old idempotency keys); the queue
 * is drained first, then each tick is timed, then an idle tick.
 */
import { randomUUID } from 'node:crypto';
import type { App } from '../../apps/server/src/app.ts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { uuidV7 } from '../../apps/server/src/db/uuid-v7.ts';
import { ACCOUNT_CODES, shardedSystemAccount } from '../../apps/server/src/ledger/account-codes.ts';
import { TRANSFER_ENTRY_KINDS } from '../../apps/server/src/modules/wallet/transfer-settlement.ts';
import { GROWTH_GAME } from './writer.ts';

export const PENDING_PER_TICK = 20;
const TICKS = 3;

export type JobTick = { job: string; pending: number; busyMs: number; idleMs: number };
type Member = { id: string; username: string };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function pendingTransfers(db: Kysely<DB>, members: Member[]) {
  const now = new Date();
  for (const m of members) {
    const id = uuidV7(now);
    const provider = shardedSystemAccount(ACCOUNT_CODES.provider(GROWTH_GAME), 'THB', m.id).code;
    // The provider applied it; the site's answer was lost: PENDING, due for reconciliation.
    await sql`select * from demo_apply_transfer(${GROWTH_GAME}, ${id}, ${m.username}, 'deposit', 100::bigint, ${now}::timestamptz)`.execute(
      db,
    );
    await sql`
      with p as (select * from ledger_post(${TRANSFER_ENTRY_KINDS.toGame}, '', ${id}, null,
        array[ledger_account('wallet', ${m.id}::uuid, 'wallet', 'THB'), ledger_account('system', null, ${provider}, 'THB')], array[-100, 100]::bigint[]))
      insert into transfers (id, group_id, member_id, game_code, direction, amount, currency, status, provider_transfer_id, entry_id, reason, attempts,
                             next_check_at, created_at, updated_at, settled_at)
      select ${id}::uuid, ${id}::uuid, ${m.id}::uuid, ${GROWTH_GAME}, 'to_game', 100, 'THB', 'PENDING', ${id}, p.entry_id, 'timeout', 0,
             ${new Date(now.getTime() - 1_000)}, ${now}, ${now}, null
      from p where p.outcome = 'posted'`.execute(db);
  }
}

async function expiredQrs(db: Kysely<DB>, members: Member[]) {
  const past = new Date(Date.now() - 20 * 60_000);
  for (const m of members) {
    await db
      .insertInto('qr_codes')
      .values({
        id: uuidV7(past),
        member_id: m.id,
        provider: 'PAYTIMZ',
        currency: 'THB',
        amount: 10_000n,
        payload: 'growth',
        status: 'open',
        created_at: past,
        expires_at: new Date(past.getTime() + 600_000),
        closed_at: null,
        provider_ref: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

async function approvedWithdrawals(db: Kysely<DB>, members: Member[]) {
  const now = new Date();
  for (const m of members) {
    const id = uuidV7(now);
    const pending = shardedSystemAccount(ACCOUNT_CODES.payoutPending, 'THB', m.id).code;
    await sql`
      with h as (select * from ledger_post('withdraw.hold', 'withdrawal', ${id}, null,
        array[ledger_account('wallet', ${m.id}::uuid, 'wallet', 'THB'), ledger_account('system', null, ${pending}, 'THB')], array[-10000, 10000]::bigint[]))
      insert into withdrawals (id, member_id, currency, amount, bank_code, bank_account_no, bank_account_name, status, hold_entry_id, note, attempts,
                               next_attempt_at, created_at, updated_at)
      select ${id}::uuid, m.id, 'THB', 10000, m.bank_code, m.bank_account_no, m.bank_account_name, 'approved', h.entry_id, null, 0,
             ${new Date(now.getTime() - 1_000)}, ${now}, ${now}
      from h cross join members m where m.id = ${m.id} and h.outcome = 'posted'`.execute(db);
  }
}

async function deadRows(db: Kysely<DB>, members: Member[]) {
  const old = new Date(Date.now() - 3 * 86_400_000);
  for (const m of members) {
    await db
      .insertInto('sessions')
      .values({ id: uuidV7(old), member_id: m.id, created_at: old, expires_at: new Date(old.getTime() + 3_600_000) })
      .execute();
    await db
      .insertInto('idempotency_keys')
      .values({
        scope: m.id,
        key: randomUUID(),
        request_hash: 'growth',
        state: 'done',
        response_status: 200,
        response_type: 'application/json',
        response_body: '{}',
        created_at: old,
      })
      .execute();
  }
}

export async function timeJobs(app: App, db: Kysely<DB>, pool: Member[]): Promise<JobTick[]> {
  const members = pool.slice(0, PENDING_PER_TICK);
  // What each job would find due now, read like the jobs read it (in index order, bounded), so these
  // counts add no scan of their own to the job ticks' statistics. Drained before timing.
  const due = (query: RawBuilder<{ n: number }>) => async () => (await query.execute(db)).rows[0]?.n ?? 0;
  const jobs: {
    job: string;
    tick: () => Promise<unknown>;
    make: (db: Kysely<DB>, members: Member[]) => Promise<void>;
    pending: () => Promise<number>;
  }[] = [
    {
      job: 'transfer reconciliation',
      tick: () => app.services.transferReconciler.runOnce(),
      make: pendingTransfers,
      pending: due(
        sql`select count(*)::int as n from (select 1 from transfers where status = 'PENDING' and next_check_at <= now() order by next_check_at limit 1000) d`,
      ),
    },
    {
      job: 'QR expiry',
      tick: () => app.services.qrExpiryJob.runOnce(),
      make: expiredQrs,
      pending: due(
        sql`select count(*)::int as n from (select 1 from qr_codes where status = 'open' and expires_at <= now() - interval '5 minutes' order by expires_at limit 1000) d`,
      ),
    },
    {
      job: 'payouts',
      tick: () => app.services.payoutJob.runOnce(),
      make: approvedWithdrawals,
      pending: due(
        sql`select count(*)::int as n from (select 1 from withdrawals where status in ('approved', 'paying') and next_attempt_at <= now() order by next_attempt_at limit 1000) d`,
      ),
    },
    {
      job: 'cleanup (sessions, idempotency keys)',
      tick: () => app.services.cleanupJob.runOnce(),
      make: deadRows,
      pending:
        due(sql`select ((select count(*) from (select 1 from idempotency_keys where created_at < now() - interval '25 hours' order by created_at limit 1000) k)
        + (select count(*) from (select 1 from sessions where least(expires_at, revoked_at) < now() - interval '25 hours'
             order by least(expires_at, revoked_at) limit 1000) s))::int as n`),
    },
  ];
  const out: JobTick[] = [];
  for (const { job, tick, make, pending } of jobs) {
    // Drain what earlier phases left (the member requests' withdrawals, say), so each tick below finds exactly its own work.
    for (let i = 0; i < 200 && (await pending()) > 0; i += 1) await tick();
    const busy: number[] = [];
    const idle: number[] = [];
    for (let i = 0; i < TICKS; i += 1) {
      await make(db, members);
      let started = performance.now();
      await tick();
      busy.push(performance.now() - started);
      started = performance.now();
      await tick();
      idle.push(performance.now() - started);
    }
    out.push({ job, pending: members.length, busyMs: median(busy), idleMs: median(idle) });
  }
  return out;
}
