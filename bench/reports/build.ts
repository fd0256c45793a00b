/**
 * One year of synthetic activity, written set-based (a few dozen statements,
 * not millions of ledger calls): members registering through the year, their
 * wallet and game accounts, deposits on every channel, withdrawals (85 % paid,
 * 15 % rejected and reversed), rewards of every kind (10 % partly taken back),
 * wallet -> game transfers, and rounds. Entries and postings are inserted
 * directly, ids in time order as the ledger would have given them, then every
 * cached balance is set to the sum of its postings, so the ledger's invariants
 * hold (checked by the bench). Triggers are off during the load
 * (session_replication_role): statement lines are not written (no report reads
 * them) and first deposits are filled afterwards as migration 0035 does.
 *
 * Amounts keep every wallet above zero at the end: 12 deposits of 300-900, at
 * most 4 withdrawals of 100-300, 12 transfers of 50-100 and small take-backs.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { addSiteDays, siteDayStart } from '../../packages/contract/src/site-time.ts';

const SHARDS = 16;
const DEPOSITS = 12;
const WITHDRAWALS = 4;
const REWARDS = 3;
const TRANSFERS = 12;
const ROUNDS = 30;

export async function buildYear(
  db: Kysely<DB>,
  options: { members: number; firstDay: string; lastDay: string; log: (line: string) => void },
): Promise<{ members: number; entries: number; rounds: number }> {
  const start = siteDayStart(options.firstDay);
  const end = siteDayStart(addSiteDays(options.lastDay, 1));
  const seconds = (end.getTime() - start.getTime()) / 1000;
  // One connection: session_replication_role is a session setting.
  return db.connection().execute((conn) => build(conn, { ...options, start, end, seconds }));
}

async function build(
  db: Kysely<DB>,
  options: { members: number; start: Date; end: Date; seconds: number; log: (line: string) => void },
): Promise<{ members: number; entries: number; rounds: number }> {
  const { start, end, seconds } = options;
  const step = async (what: string, query: ReturnType<typeof sql>) => {
    const began = Date.now();
    await query.execute(db);
    options.log(`${what}: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  };
  await sql`set session_replication_role = replica`.execute(db);
  try {
    await step(
      'members',
      sql`insert into members (id, name, phone, password_hash, currency, bank_code, bank_account_name, bank_account_no, source_code, invited_by, created_at, updated_at)
        select gen_random_uuid(), 'REPORT MEMBER ' || g, '07' || lpad(g::text, 8, '0'), 'bench', case when g % 10 = 0 then 'LAK' else 'THB' end,
               'SCB', 'REPORT MEMBER', '66' || lpad(g::text, 8, '0'), null, null, t, t
        from generate_series(1, ${options.members}) g,
             lateral (select ${start}::timestamptz + ((g - 1)::float8 / ${options.members} * ${seconds} * 0.95) * interval '1 second' as t) x`,
    );
    await step(
      'member accounts',
      sql`insert into ledger_accounts (kind, owner_id, code, currency, created_at, updated_at)
        select 'wallet', id, 'wallet', currency, created_at, created_at from members
        union all select 'game', id, 'game:pg', currency, created_at, created_at from members`,
    );
    const systemCodes = [
      'bank:KBANK-0123456789',
      'gateway:KBANK',
      'gateway:ZPAY',
      'gateway:PAYTIMZ',
      'voucher:truemoney',
      'payout:SCB',
      ...['bonus', 'promotion', 'invite', 'refund', 'spin'].map((k) => `expense:${k}`),
      ...Array.from({ length: SHARDS }, (_, i) => `payout:pending#${i}`),
      ...Array.from({ length: SHARDS }, (_, i) => `provider:pg#${i}`),
    ];
    await step(
      'system accounts',
      sql`select ledger_account('system', null, c.code, cur.currency) from unnest(${systemCodes}::text[]) c(code) cross join (values ('THB'), ('LAK')) cur(currency)`,
    );
    await step(
      'member map',
      sql`create unlogged table bench_members as
        select row_number() over () as rn, m.id, m.currency, m.created_at, w.id as wallet, gm.id as game, (abs(hashtext(m.id::text)) % ${SHARDS}) as shard
        from members m join ledger_accounts w on w.owner_id = m.id and w.code = 'wallet' join ledger_accounts gm on gm.owner_id = m.id and gm.code = 'game:pg'`,
    );
    await sql`create unique index on bench_members (rn)`.execute(db);
    await sql`create unique index on bench_members (wallet)`.execute(db);
    await sql`create unlogged table bench_sys as select code, currency, id from ledger_accounts where owner_id is null`.execute(db);
    await sql`create unique index on bench_sys (code, currency)`.execute(db);

    // Every event: one entry of two postings (from: -amount, to: +amount); wkey links a withdrawal's steps.
    await sql`create unlogged table bench_raw (kind text, reference text, from_acct bigint, to_acct bigint, amount bigint, at timestamptz, wkey uuid, step text)`.execute(
      db,
    );
    const span = sql`(${end}::timestamptz - interval '1 minute' - m.created_at)`;
    // Materialized first: a volatile random() inside the join condition would be drawn again per candidate row.
    await step(
      'deposits',
      sql`with d as materialized (
          select m.wallet, m.currency, floor(random() * 10)::int as c, (30000 + floor(random() * 60000))::bigint as amount,
                 m.created_at + random() * ${span} as at
          from bench_members m cross join generate_series(1, ${DEPOSITS}) k
        )
        insert into bench_raw (kind, reference, from_acct, to_acct, amount, at)
        select case when d.c < 4 then 'deposit.slip' when d.c < 7 then 'deposit.qr' when d.c < 8 then 'deposit.giftlink' else 'deposit.manual' end,
               gen_random_uuid()::text, s.id, d.wallet, d.amount, d.at
        from d join bench_sys s on s.currency = d.currency and s.code = case
          when d.c < 4 or d.c >= 8 then 'bank:KBANK-0123456789'
          when d.c = 4 then 'gateway:KBANK' when d.c = 5 then 'gateway:ZPAY' when d.c = 6 then 'gateway:PAYTIMZ'
          else 'voucher:truemoney' end`,
    );
    await step(
      'withdrawals',
      sql`with w as materialized (
          select m.*, gen_random_uuid() as wkey, (10000 + floor(random() * 20000))::bigint as amount,
                 m.created_at + random() * ${span} * 0.98 as at, random() < 0.85 as paid
          from bench_members m cross join generate_series(1, ${WITHDRAWALS}) k
        ), holds as (
          insert into bench_raw (kind, reference, from_acct, to_acct, amount, at, wkey, step)
          select 'withdraw.hold', w.wkey::text, w.wallet, p.id, w.amount, w.at, w.wkey, 'hold'
          from w join bench_sys p on p.currency = w.currency and p.code = 'payout:pending#' || w.shard
        )
        insert into bench_raw (kind, reference, from_acct, to_acct, amount, at, wkey, step)
        select case when w.paid then 'withdraw.paid' else 'withdraw.return' end, case when w.paid then w.wkey::text end,
               p.id, case when w.paid then b.id else w.wallet end, w.amount, w.at + interval '20 minutes', w.wkey, 'decide'
        from w join bench_sys p on p.currency = w.currency and p.code = 'payout:pending#' || w.shard
        join bench_sys b on b.currency = w.currency and b.code = 'payout:SCB'`,
    );
    await step(
      'rewards',
      sql`with r as materialized (
          select m.*, (array['bonus', 'promotion', 'invite', 'refund', 'spin'])[1 + floor(random() * 5)::int] as kind,
                 (2000 + floor(random() * 8000))::bigint as amount, m.created_at + random() * ${span} * 0.99 as at, random() < 0.1 as cancelled
          from bench_members m cross join generate_series(1, ${REWARDS}) k
        ), credits as (
          insert into bench_raw (kind, reference, from_acct, to_acct, amount, at)
          select r.kind || '.credit', gen_random_uuid()::text, e.id, r.wallet, r.amount, r.at
          from r join bench_sys e on e.currency = r.currency and e.code = 'expense:' || r.kind
        )
        insert into bench_raw (kind, reference, from_acct, to_acct, amount, at)
        select r.kind || '.cancel', gen_random_uuid()::text, r.wallet, e.id, r.amount / 2, r.at + interval '5 minutes'
        from r join bench_sys e on e.currency = r.currency and e.code = 'expense:' || r.kind where r.cancelled`,
    );
    await step(
      'transfers',
      sql`insert into bench_raw (kind, reference, from_acct, to_acct, amount, at)
        select 'transfer.to_game', gen_random_uuid()::text, m.wallet, p.id, (5000 + floor(random() * 5000))::bigint, m.created_at + random() * ${span}
        from bench_members m cross join generate_series(1, ${TRANSFERS}) k
        join bench_sys p on p.currency = m.currency and p.code = 'provider:pg#' || m.shard`,
    );
    await step(
      'entries in time order',
      sql`create unlogged table bench_events as select row_number() over (order by at) as id, * from bench_raw`,
    );
    await step(
      'journal entries',
      sql`insert into journal_entries (id, kind, memo, reference, reverses_entry_id, created_at) overriding system value
        select e.id, e.kind, '', e.reference, h.id, e.at
        from bench_events e left join bench_events h on e.kind = 'withdraw.return' and h.wkey = e.wkey and h.step = 'hold'
        order by e.id`,
    );
    await sql`select setval(pg_get_serial_sequence('journal_entries', 'id'), (select max(id) from journal_entries))`.execute(db);
    await step(
      'postings',
      sql`insert into postings (entry_id, account_id, amount)
        select id, acct, amount from (
          select id, 1 as n, from_acct as acct, -amount as amount from bench_events
          union all select id, 2, to_acct, amount from bench_events) p
        order by id, n`,
    );
    await step(
      'balances',
      sql`update ledger_accounts a set balance = s.total from (select account_id, sum(amount) as total from postings group by 1) s where a.id = s.account_id`,
    );
    await step(
      'first deposits',
      sql`insert into member_first_deposits (member_id, currency, entry_id, amount, first_at, registered_at)
        select distinct on (m.id) m.id, m.currency, e.id, e.amount, e.at, m.created_at
        from bench_events e join bench_members m on m.wallet = e.to_acct where e.kind like 'deposit.%'
        order by m.id, e.at, e.id`,
    );
    await step(
      'rounds',
      sql`insert into game_rounds (game_code, round_id, username, member_id, currency, bet, payout, played_at)
        select g.code, 'r' || n, 'bench', m.id, m.currency, bet, case when random() < 0.45 then bet * (1 + floor(random() * 3))::bigint else 0 end,
               m.created_at + random() * ${span}
        from generate_series(1, ${options.members * ROUNDS}) n
        join bench_members m on m.rn = 1 + (n % ${options.members})
        cross join lateral (select (100 + floor(random() * 4900))::bigint as bet) b
        cross join lateral (select (array['pg', 'joker2', 'circus', 'usun'])[1 + (n % 4)::int] as code) g`,
    );
  } finally {
    await sql`set session_replication_role = origin`.execute(db);
  }
  for (const table of ['bench_raw', 'bench_events', 'bench_members', 'bench_sys'])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  await sql`analyze`.execute(db);
  const { rows } = await sql<{
    entries: bigint;
    rounds: bigint;
  }>`select (select count(*) from journal_entries) as entries, (select count(*) from game_rounds) as rounds`.execute(db);
  return { members: options.members, entries: Number(rows[0]?.entries ?? 0), rounds: Number(rows[0]?.rounds ?? 0) };
}
