/**
 * Writes a planned history (bench/growth/activity.ts) into a Jetton database
 * through the project's own ledger and provider functions: every entry is a
 * `ledger_post` call (so balances, postings and statement lines are exactly what
 * the services leave), every game transfer also a `demo_apply_transfer` at the
 * demo provider, and the transfers, withdrawals, slips, QR codes and notices rows
 * carry the columns their services write. A day is a few statements, each
 * posting a whole batch server-side (one round trip for thousands of entries),
 * so 50,000 members and a million postings take minutes, on either engine.
 *
 * ledger_post stamps entries with now(), as it must; a history needs past
 * times. The writer installs a BEFORE INSERT trigger on journal_entries in the
 * database it builds (and drops it when done) that takes the time from the
 * setting growth.at, which each row's call sets just before it posts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { uuidV7 } from '../../apps/server/src/db/uuid-v7.ts';
import { ACCOUNT_CODES, shardedSystemAccount } from '../../apps/server/src/ledger/account-codes.ts';
import { TRANSFER_ENTRY_KINDS } from '../../apps/server/src/modules/wallet/transfer-settlement.ts';
import type { ActivityDay, ActivityEvent } from './activity.ts';

export const GROWTH_GAME = 'pg';
/** A bank whose account names members may edit (PUT /api/account/bankAccountName). */
export const GROWTH_BANK = 'KTB';
const CURRENCY = 'THB';
const SITE_ACCOUNT = ACCOUNT_CODES.bank('KBANK-0000000001');
const QR_PROVIDER = 'PAYTIMZ';
const BATCH = 200;

export type GrowthMember = { id: string; username: string; wallet: bigint; game: bigint; provider: bigint; pending: bigint };
export type WrittenCounts = { deposits: number; transfers: number; withdrawals: number };

/** Arrays cross as text and are cast in SQL: the same on both engines' drivers. */
const texts = (values: unknown[]) => sql`${values.map(String)}::text[]`;

/**
 * Runs one batch statement in its own transaction with JIT off: the planner
 * guesses 1,000 rows per function call, and compiling the "huge" plan took
 * ~1.7 s per batch, far more than running it.
 */
function inBatch<T>(db: Kysely<DB>, statement: RawBuilder<T>): Promise<T[]> {
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return (await statement.execute(trx)).rows;
  });
}

/** A memo that also sets the time the next journal entry gets (see the file comment). */
const stamped = (memo: string, at: RawBuilder<unknown>) => sql`(${memo} || left(set_config('growth.at', (${at})::text, true), 0))`;

export async function installEntryClock(db: Kysely<DB>): Promise<void> {
  await sql`create or replace function growth_entry_time() returns trigger language plpgsql as $$
    begin
      new.created_at := coalesce(nullif(current_setting('growth.at', true), '')::timestamptz, new.created_at);
      return new;
    end $$`.execute(db);
  await sql`create trigger growth_entry_time before insert on journal_entries for each row execute function growth_entry_time()`.execute(
    db,
  );
}

export async function removeEntryClock(db: Kysely<DB>): Promise<void> {
  await sql`drop trigger if exists growth_entry_time on journal_entries`.execute(db);
  await sql`drop function if exists growth_entry_time()`.execute(db);
}

/** The ids of system accounts by code, created on first use. */
export function systemAccounts(db: Kysely<DB>) {
  const ids = new Map<string, Promise<bigint>>();
  return (code: string): Promise<bigint> => {
    let id = ids.get(code);
    if (!id) {
      id = sql<{ id: bigint }>`select ledger_account('system', null, ${code}, ${CURRENCY}) as id`
        .execute(db)
        .then((r) => r.rows[0]?.id ?? 0n);
      ids.set(code, id);
    }
    return id;
  };
}

/** Wallet and game accounts of members (ledger_account), plus the sharded system accounts their money moves through. */
export async function memberAccounts(db: Kysely<DB>, members: { id: string; username: string }[]): Promise<GrowthMember[]> {
  const system = systemAccounts(db);
  const out: GrowthMember[] = [];
  for (let i = 0; i < members.length; i += 2_000) {
    const batch = members.slice(i, i + 2_000);
    const { rows } = await sql<{ wallet: bigint; game: bigint }>`
      select ledger_account('wallet', u.id, 'wallet', ${CURRENCY}) as wallet, ledger_account('game', u.id, ${ACCOUNT_CODES.game(GROWTH_GAME)}, ${CURRENCY}) as game
      from unnest(${texts(batch.map((m) => m.id))}::uuid[]) with ordinality u(id, n) order by u.n`.execute(db);
    for (const [j, m] of batch.entries()) {
      const row = rows[j];
      if (!row) throw new Error('ledger_account answered no row');
      out.push({
        ...m,
        wallet: row.wallet,
        game: row.game,
        provider: await system(shardedSystemAccount(ACCOUNT_CODES.provider(GROWTH_GAME), CURRENCY, m.id).code),
        pending: await system(shardedSystemAccount(ACCOUNT_CODES.payoutPending, CURRENCY, m.id).code),
      });
    }
  }
  return out;
}

async function writeDeposits(db: Kysely<DB>, events: ActivityEvent[], members: GrowthMember[], system: (code: string) => Promise<bigint>) {
  for (const channel of ['slip', 'qr', 'manual'] as const) {
    const batch = events.filter((e) => e.type === 'deposit' && e.channel === channel);
    if (batch.length === 0) continue;
    const ids = batch.map((e) => uuidV7(e.at));
    const refs = batch.map((e, i) => (channel === 'slip' ? `GR${e.at.getTime()}${i}`.slice(0, 20) : (ids[i] ?? '')));
    const source = await system(
      channel === 'qr' ? ACCOUNT_CODES.gateway(QR_PROVIDER) : channel === 'slip' ? SITE_ACCOUNT : ACCOUNT_CODES.bank('manual'),
    );
    const u = sql`unnest(${texts(ids)}::uuid[], ${texts(batch.map((e) => members[e.member]?.id))}::uuid[], ${texts(batch.map((e) => members[e.member]?.wallet))}::bigint[],
      ${texts(batch.map((e) => e.amount))}::bigint[], ${texts(batch.map((e) => e.at.toISOString()))}::timestamptz[], ${texts(refs)}::text[])
      as u(id, member_id, wallet, amount, at, ref)`;
    // The row each channel's service keeps beside the credit.
    const sourceRow =
      channel === 'slip'
        ? sql`insert into slips (id, member_id, storage_key, content_type, status, amount, trans_ref, sending_bank, created_at, updated_at)
            select id, member_id, ${randomBytes(16).toString('hex')}, 'image/png', 'success', amount, ref, ${GROWTH_BANK}, at, at from ${u}`
        : channel === 'qr'
          ? sql`insert into qr_codes (id, member_id, provider, currency, amount, payload, status, created_at, expires_at, closed_at, provider_ref)
              select id, member_id, ${QR_PROVIDER}, ${CURRENCY}, amount, 'growth', 'paid', at - interval '2 minutes', at + interval '8 minutes', at, 'P' || left(ref, 8) from ${u}`
          : sql`insert into deposit_notices (id, member_id, currency, amount, status, created_at, decided_at)
              select id, member_id, ${CURRENCY}, amount, 'success', at - interval '10 minutes', at from ${u}`;
    const kind = `deposit.${channel === 'slip' ? 'slip' : channel === 'qr' ? 'qr' : 'manual'}`;
    const rows = await inBatch(
      db,
      sql<{ n: number }>`
      with source_rows as (${sourceRow})
      select count(*)::int as n from ${u}
      cross join lateral ledger_post(${kind}, ${stamped('', sql`u.at`)}, u.ref, null, array[${source}::bigint, u.wallet], array[-u.amount, u.amount]) p
      where p.outcome = 'posted'`,
    );
    if (rows[0]?.n !== batch.length) throw new Error(`${kind}: ${rows[0]?.n ?? 0} of ${batch.length} posted`);
  }
}

type Leg = { member: GrowthMember; id: string; at: Date; amount: bigint };

/**
 * Settled legs of one direction, as the transfer service leaves them: to the
 * game, the debit (wallet -> provider) and its confirmation (provider -> game);
 * from the game, one credit (game -> wallet). The provider applies the same
 * transfer id on its side first, as it does before the site settles.
 */
async function writeLegs(db: Kysely<DB>, direction: 'to_game' | 'from_game', legs: Leg[]) {
  const column = <T>(f: (leg: Leg) => T) => texts(legs.map(f));
  const entries =
    direction === 'to_game'
      ? sql`cross join lateral ledger_post(${TRANSFER_ENTRY_KINDS.toGame}, ${stamped('', sql`u.at`)}, u.id::text, null, array[u.wallet, u.provider], array[-u.amount, u.amount]) e
            cross join lateral ledger_post(${TRANSFER_ENTRY_KINDS.toGameConfirm}, ${stamped('', sql`u.at`)}, u.id::text, null, array[u.provider, u.game], array[-u.amount, u.amount]) c`
      : sql`cross join lateral ledger_post(${TRANSFER_ENTRY_KINDS.fromGame}, ${stamped('', sql`u.at`)}, u.id::text, null, array[u.game, u.wallet], array[-u.amount, u.amount]) e`;
  const rows = await inBatch(
    db,
    sql<{ n: number }>`
    with u as (
      select * from unnest(${column((l) => l.id)}::uuid[], ${column((l) => l.member.id)}::uuid[], ${column((l) => l.amount)}::bigint[],
        ${column((l) => l.at.toISOString())}::timestamptz[], ${column((l) => l.member.username)}::text[], ${column((l) => l.member.wallet)}::bigint[],
        ${column((l) => l.member.game)}::bigint[], ${column((l) => l.member.provider)}::bigint[])
        with ordinality as u(id, member_id, amount, at, username, wallet, game, provider, n)
    ),
    moved as (
      select u.*, g.r_status as provider_status, e.entry_id, e.outcome
      from u
      cross join lateral demo_apply_transfer(${GROWTH_GAME}, u.id::text, u.username, ${direction === 'to_game' ? 'deposit' : 'withdraw'}, u.amount, u.at) g
      ${entries}
      order by u.n
    ),
    inserted as (
      insert into transfers (id, group_id, member_id, game_code, direction, amount, currency, status, provider_transfer_id, entry_id,
                             reason, attempts, next_check_at, created_at, updated_at, settled_at)
      select id, id, member_id, ${GROWTH_GAME}, ${direction}, amount, ${CURRENCY}, 'SUCCESS', id::text, entry_id, null, 0, at, at, at, at
      from moved order by n
    )
    select count(*) filter (where provider_status = 'SUCCESS' and outcome = 'posted')::int as n from moved`,
  );
  if (rows[0]?.n !== legs.length) throw new Error(`${direction} transfers: ${rows[0]?.n ?? 0} of ${legs.length} applied`);
}

/** A day's pairs: every wallet -> game leg, then every game -> wallet leg (the provider needs the money first). */
async function writePairs(db: Kysely<DB>, events: ActivityEvent[], members: GrowthMember[]) {
  const pairs = events.flatMap((e) =>
    e.type === 'transfer-pair' && members[e.member] ? [{ e, member: members[e.member] as GrowthMember }] : [],
  );
  if (pairs.length === 0) return;
  await writeLegs(
    db,
    'to_game',
    pairs.map(({ e, member }) => ({ member, id: uuidV7(e.at), at: e.at, amount: e.amount })),
  );
  await writeLegs(
    db,
    'from_game',
    pairs.flatMap(({ e, member }) => {
      if (e.type !== 'transfer-pair') return [];
      const at = new Date(e.at.getTime() + 5 * 60_000);
      return [{ member, id: uuidV7(at), at, amount: e.back }];
    }),
  );
}

async function writeWithdrawals(
  db: Kysely<DB>,
  events: ActivityEvent[],
  members: GrowthMember[],
  system: (code: string) => Promise<bigint>,
) {
  if (events.length === 0) return;
  const bank = await system(ACCOUNT_CODES.payout(GROWTH_BANK));
  const column = <T>(f: (e: ActivityEvent) => T) => texts(events.map(f));
  const rows = await inBatch(
    db,
    sql<{ n: number }>`
    with u as (
      select * from unnest(${column((e) => uuidV7(e.at))}::uuid[], ${column((e) => members[e.member]?.id)}::uuid[], ${column((e) => e.amount)}::bigint[],
        ${column((e) => e.at.toISOString())}::timestamptz[], ${column((e) => members[e.member]?.wallet)}::bigint[], ${column((e) => members[e.member]?.pending)}::bigint[])
        with ordinality as u(id, member_id, amount, at, wallet, pending, n)
    ),
    held as (
      -- Held at request (wallet -> payout:pending), paid by the payout job (payout:pending -> payout:<bank>).
      select u.*, h.entry_id as hold_entry_id, p.entry_id as paid_entry_id
      from u
      cross join lateral ledger_post('withdraw.hold', ${stamped('withdrawal', sql`u.at`)}, u.id::text, null, array[u.wallet, u.pending], array[-u.amount, u.amount]) h
      cross join lateral ledger_post('withdraw.paid', ${stamped(`paid to ${GROWTH_BANK}`, sql`u.at + interval '3 minutes'`)}, u.id::text, null,
        array[u.pending, ${bank}::bigint], array[-u.amount, u.amount]) p
      order by u.n
    ),
    inserted as (
      insert into withdrawals (id, member_id, currency, amount, bank_code, bank_account_no, bank_account_name, status, hold_entry_id,
                               note, attempts, next_attempt_at, created_at, updated_at)
      select h.id, h.member_id, ${CURRENCY}, h.amount, m.bank_code, m.bank_account_no, m.bank_account_name, 'success', h.hold_entry_id,
             null, 1, null, h.at, h.at + interval '3 minutes'
      from held h join members m on m.id = h.member_id order by h.n
    )
    select count(*) filter (where hold_entry_id is not null and paid_entry_id is not null)::int as n from held`,
  );
  if (rows[0]?.n !== events.length) throw new Error(`withdrawals: ${rows[0]?.n ?? 0} of ${events.length} posted`);
}

/** Idempotency keys of the money requests of the last day: older ones the cleanup job has deleted. */
async function writeRecentKeys(db: Kysely<DB>, events: ActivityEvent[], members: GrowthMember[], since: Date) {
  const recent = events.filter((e) => e.at >= since);
  if (recent.length === 0) return;
  await sql`insert into idempotency_keys (scope, key, request_hash, state, response_status, response_type, response_body, created_at)
    select scope, key, 'growth', 'done', 200, 'application/json', '{}', at
    from unnest(${texts(recent.map((e) => members[e.member]?.id))}::text[], ${texts(recent.map(() => randomUUID()))}::uuid[],
      ${texts(recent.map((e) => e.at.toISOString()))}::timestamptz[]) as u(scope, key, at)`.execute(db);
}

/** Writes the plan day by day; `onDay` reports progress. */
export async function writeActivity(
  db: Kysely<DB>,
  days: ActivityDay[],
  members: GrowthMember[],
  onDay: (day: ActivityDay, counts: WrittenCounts) => void = () => undefined,
): Promise<WrittenCounts> {
  const system = systemAccounts(db);
  const counts: WrittenCounts = { deposits: 0, transfers: 0, withdrawals: 0 };
  const lastDay = days.at(-1)?.day ?? new Date();
  await installEntryClock(db);
  try {
    for (const day of days) {
      // Small batches: a batch is one transaction, and every entry in it updates the same few
      // system account rows (a provider's shards, the site's bank account). Their row versions
      // cannot be pruned before commit, so each update walks a longer chain: 1,000 entries
      // per transaction cost twice as much each as 200.
      for (let i = 0; i < day.deposits.length; i += BATCH) await writeDeposits(db, day.deposits.slice(i, i + BATCH), members, system);
      for (let i = 0; i < day.pairs.length; i += BATCH) await writePairs(db, day.pairs.slice(i, i + BATCH), members);
      for (let i = 0; i < day.withdrawals.length; i += BATCH)
        await writeWithdrawals(db, day.withdrawals.slice(i, i + BATCH), members, system);
      if (day.day >= lastDay) await writeRecentKeys(db, [...day.pairs, ...day.withdrawals], members, day.day);
      counts.deposits += day.deposits.length;
      counts.transfers += day.pairs.length * 2;
      counts.withdrawals += day.withdrawals.length;
      onDay(day, counts);
    }
  } finally {
    await removeEntryClock(db);
  }
  return counts;
}
