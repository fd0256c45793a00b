import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addSiteDays, siteDayStart } from '@jetton/contract/site-time';
import { siteDaySql } from '../../db/site-day-sql.ts';

/**
 * The daily figures every report is made of (docs/reports.md, "Daily
 * figures"), read from the rollups for days the job has rolled and computed
 * live from the ledger and the imported rounds for the others (today, and any
 * day not rolled yet). The same SQL computes a live window and rolls a day, so
 * the two can never disagree.
 */
export type LedgerDay = {
  day: string;
  currency: string;
  entry_kind: string;
  account_kind: string;
  account_code: string;
  debits: bigint;
  credits: bigint;
  postings: bigint;
};
export type GameDay = { day: string; currency: string; game_code: string; rounds: bigint; bets: bigint; payouts: bigint; players: bigint };
export type MemberDay = { day: string; currency: string; registrations: bigint; first_deposits: bigint; active_players: bigint };

const entryDay = sql.raw(siteDaySql('e.created_at'));
const roundDay = sql.raw(siteDaySql('r.played_at'));
const memberDay = sql.raw(siteDaySql('m.created_at'));
const firstDay = sql.raw(siteDaySql('f.first_at'));

/**
 * Which daily ledger rows a report needs: the site's side (system accounts) of
 * entries whose kind starts with one of `kinds`, or on accounts whose code
 * starts with one of `codes`. Undefined: every row (the rollup itself).
 */
export type LedgerFilter = { kinds: string[]; codes: string[] };

const likeAny = (column: string, prefixes: string[]) => sql`${sql.ref(column)} like any(${prefixes.map((p) => `${p}%`)}::text[])`;

function ledgerWhere(filter: LedgerFilter | undefined, kind: string, kindCol: string, codeCol: string) {
  if (!filter) return sql`true`;
  return sql`${sql.ref(kind)} = 'system' and (${likeAny(kindCol, filter.kinds)} or ${likeAny(codeCol, filter.codes)})`;
}

/**
 * Postings of entries made in [from, to), summed per Bangkok day, currency,
 * entry kind and account (shards merged).
 *
 * The entries' id range is read first and given to the main query as
 * literals: with only the time range, the planner hashes the entries and
 * scans every posting ever written (a cost that grows with the ledger); with
 * the entry_id range it reads the window's postings by index. Ids follow time
 * closely (each is taken at insert, the time at the transaction's start), and
 * the time filter still decides which entries count.
 */
export async function liveLedgerDays(db: Kysely<DB>, from: Date, to: Date, filter?: LedgerFilter): Promise<LedgerDay[]> {
  const { rows: bounds } = await sql<{ lo: string | null; hi: string | null }>`
    select min(id)::text as lo, max(id)::text as hi
    -- offset 0: read the window by its time index; min(id) alone would walk the primary key from the start.
    from (select id from journal_entries where created_at >= ${from} and created_at < ${to} offset 0) w`.execute(db);
  const lo = bounds[0]?.lo;
  const hi = bounds[0]?.hi;
  if (!lo || !hi) return [];
  const ids = sql.raw(`between ${BigInt(lo)} and ${BigInt(hi)}`);
  const { rows } = await sql<LedgerDay>`
    select ${entryDay} as day, a.currency, e.kind as entry_kind, a.kind as account_kind,
           regexp_replace(a.code, '#[0-9]+$', '') as account_code,
           coalesce(sum(p.amount) filter (where p.amount > 0), 0)::bigint as debits,
           coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::bigint as credits,
           count(*)::bigint as postings
    from journal_entries e
    join postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id
    where e.created_at >= ${from} and e.created_at < ${to} and e.id ${ids} and p.entry_id ${ids}
      and ${ledgerWhere(filter, 'a.kind', 'e.kind', 'a.code')}
    group by 1, 2, 3, 4, 5`.execute(db);
  return rows;
}

export async function liveGameDays(db: Kysely<DB>, from: Date, to: Date): Promise<GameDay[]> {
  const { rows } = await sql<GameDay>`
    select ${roundDay} as day, r.currency, r.game_code, count(*)::bigint as rounds, sum(r.bet)::bigint as bets,
           sum(r.payout)::bigint as payouts, count(distinct r.member_id)::bigint as players
    from game_rounds r
    where r.played_at >= ${from} and r.played_at < ${to}
    group by 1, 2, 3`.execute(db);
  return rows;
}

export async function liveMemberDays(db: Kysely<DB>, from: Date, to: Date): Promise<MemberDay[]> {
  const { rows } = await sql<MemberDay>`
    select day, currency, sum(registrations)::bigint as registrations, sum(first_deposits)::bigint as first_deposits,
           sum(active_players)::bigint as active_players
    from (
      select ${memberDay} as day, m.currency, count(*) as registrations, 0 as first_deposits, 0 as active_players
        from members m where m.created_at >= ${from} and m.created_at < ${to} group by 1, 2
      union all
      select ${firstDay}, f.currency, 0, count(*), 0
        from member_first_deposits f where f.first_at >= ${from} and f.first_at < ${to} group by 1, 2
      union all
      select ${roundDay}, r.currency, 0, 0, count(distinct r.member_id)
        from game_rounds r where r.played_at >= ${from} and r.played_at < ${to} and r.member_id is not null group by 1, 2
    ) x
    group by 1, 2`.execute(db);
  return rows;
}

/** The last day rolled (every earlier day with activity is rolled too), or null. */
export async function rolledThrough(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{ day: string | null }>`select to_char(max(day), 'YYYY-MM-DD') as day from report_days`.execute(db);
  return rows[0]?.day ?? null;
}

type Range = { from: string; to: string };

/**
 * A range's daily figures: rolled days from the rollups, the rest live. Rolled
 * days are a prefix (the job rolls in order), so the live part is one window.
 */
async function readDays<T>(
  db: Kysely<DB>,
  range: Range,
  rolled: (through: string) => Promise<T[]>,
  live: (from: Date, to: Date) => Promise<T[]>,
): Promise<T[]> {
  const through = await rolledThrough(db);
  const stored = through === null || through < range.from ? [] : await rolled(through < range.to ? through : range.to);
  const liveFrom = through === null || through < range.from ? range.from : addSiteDays(through, 1);
  const fresh = liveFrom > range.to ? [] : await live(siteDayStart(liveFrom), siteDayStart(addSiteDays(range.to, 1)));
  return [...stored, ...fresh];
}

export function ledgerDays(db: Kysely<DB>, range: Range, filter?: LedgerFilter): Promise<LedgerDay[]> {
  return readDays(
    db,
    range,
    async (through) =>
      (
        await sql<LedgerDay>`select to_char(day, 'YYYY-MM-DD') as day, currency, entry_kind, account_kind, account_code, debits, credits, postings
          from report_ledger_daily where day >= ${range.from}::date and day <= ${through}::date
          and ${ledgerWhere(filter, 'account_kind', 'entry_kind', 'account_code')}`.execute(db)
      ).rows,
    (from, to) => liveLedgerDays(db, from, to, filter),
  );
}

export function gameDays(db: Kysely<DB>, range: Range): Promise<GameDay[]> {
  return readDays(
    db,
    range,
    async (through) =>
      (
        await sql<GameDay>`select to_char(day, 'YYYY-MM-DD') as day, currency, game_code, rounds, bets, payouts, players
          from report_game_daily where day >= ${range.from}::date and day <= ${through}::date`.execute(db)
      ).rows,
    (from, to) => liveGameDays(db, from, to),
  );
}

export function memberDays(db: Kysely<DB>, range: Range): Promise<MemberDay[]> {
  return readDays(
    db,
    range,
    async (through) =>
      (
        await sql<MemberDay>`select to_char(day, 'YYYY-MM-DD') as day, currency, registrations, first_deposits, active_players
          from report_member_daily where day >= ${range.from}::date and day <= ${through}::date`.execute(db)
      ).rows,
    (from, to) => liveMemberDays(db, from, to),
  );
}

export type FunnelDay = { day: string; currency: string; registered: bigint; same_day: bigint; within_7_days: bigint; deposited: bigint };

const registeredDay = sql.raw(siteDaySql('f.registered_at'));

/**
 * Members registered in the range by day, and how many of them made a first
 * deposit: the same day, within 7 days, by now (always live: "by now" moves).
 * Registrations come from the daily figures; deposits from the first deposits
 * by their member's registration time (0036), never joining members.
 */
export async function funnelDays(db: Kysely<DB>, range: Range): Promise<FunnelDay[]> {
  const { rows } = await sql<Omit<FunnelDay, 'registered'>>`
    select ${registeredDay} as day, f.currency,
           count(*) filter (where ${firstDay} = ${registeredDay})::bigint as same_day,
           count(*) filter (where f.first_at < f.registered_at + interval '7 days')::bigint as within_7_days,
           count(*)::bigint as deposited
    from member_first_deposits f
    where f.registered_at >= ${siteDayStart(range.from)} and f.registered_at < ${siteDayStart(addSiteDays(range.to, 1))}
    group by 1, 2`.execute(db);
  const deposits = new Map(rows.map((r) => [`${r.day}|${r.currency}`, r]));
  return (await memberDays(db, range))
    .filter((m) => BigInt(m.registrations) > 0n)
    .map((m) => {
      const d = deposits.get(`${m.day}|${m.currency}`);
      return {
        day: m.day,
        currency: m.currency,
        registered: BigInt(m.registrations),
        same_day: BigInt(d?.same_day ?? 0n),
        within_7_days: BigInt(d?.within_7_days ?? 0n),
        deposited: BigInt(d?.deposited ?? 0n),
      };
    });
}

/**
 * Rolls one closed day: its rollup rows are replaced by what the live SQL
 * computes for it, in one transaction with its report_days mark.
 */
export async function rollDay(db: Kysely<DB>, day: string, now: Date): Promise<void> {
  const from = siteDayStart(day);
  const to = siteDayStart(addSiteDays(day, 1));
  await db.transaction().execute(async (trx) => {
    const [ledger, games, members] = [
      await liveLedgerDays(trx, from, to),
      await liveGameDays(trx, from, to),
      await liveMemberDays(trx, from, to),
    ];
    await trx.deleteFrom('report_ledger_daily').where('day', '=', day).execute();
    await trx.deleteFrom('report_game_daily').where('day', '=', day).execute();
    await trx.deleteFrom('report_member_daily').where('day', '=', day).execute();
    if (ledger.length > 0) await trx.insertInto('report_ledger_daily').values(ledger).execute();
    if (games.length > 0) await trx.insertInto('report_game_daily').values(games).execute();
    if (members.length > 0) await trx.insertInto('report_member_daily').values(members).execute();
    await trx
      .insertInto('report_days')
      .values({ day, rolled_at: now })
      .onConflict((oc) => oc.column('day').doUpdateSet({ rolled_at: now }))
      .execute();
  });
}

/** Every rolled day's net per system account (shards merged), for the ledger reconciliation. */
export async function rolledSystemNets(db: Kysely<DB>): Promise<{ currency: string; account_code: string; net: bigint }[]> {
  const { rows } = await sql<{ currency: string; account_code: string; net: bigint }>`
      select currency, account_code, sum(debits - credits)::bigint as net from report_ledger_daily
      where account_kind = 'system' group by 1, 2`.execute(db);
  return rows;
}

/** The system accounts' balances now (shards merged). */
export async function systemBalances(db: Kysely<DB>): Promise<{ currency: string; account_code: string; balance: bigint }[]> {
  const { rows } = await sql<{ currency: string; account_code: string; balance: bigint }>`
      select currency, regexp_replace(code, '#[0-9]+$', '') as account_code, sum(balance)::bigint as balance
      from ledger_accounts where owner_id is null group by 1, 2`.execute(db);
  return rows;
}

/** The instant of the first activity (an entry, a registration or a round), or null on an empty site. */
export async function firstActivity(db: Kysely<DB>): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
      select least((select min(created_at) from journal_entries), (select min(created_at) from members), (select min(played_at) from game_rounds)) as at`.execute(
    db,
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** The games whose rounds are pulled, with how each launches. */
export function reportedGames(db: Kysely<DB>) {
  return db.selectFrom('games').select(['code', 'launch_mode']).orderBy('code').execute();
}
