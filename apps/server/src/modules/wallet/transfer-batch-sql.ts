import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { TransfersTable } from '../../db/tables/wallet.ts';
import type { AccountRef } from '../../ledger/ledger-types.ts';

/**
 * The SQL pieces of the transfers table's batched statements
 * (transfer-repository.ts; docs/games.md, "Settling in batches"): rows passed
 * as arrays, the game-account check, account ids, and the member order every
 * batch runs in.
 */

type Transfer = Selectable<TransfersTable>;

/** The columns of a transfer row with their SQL types: an INSERT ... SELECT needs its parameters typed. */
const COLUMN_TYPES = {
  id: 'uuid',
  group_id: 'uuid',
  member_id: 'uuid',
  game_code: 'text',
  direction: 'text',
  amount: 'bigint',
  currency: 'text',
  status: 'text',
  provider_transfer_id: 'text',
  entry_id: 'bigint',
  reason: 'text',
  attempts: 'integer',
  next_check_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  settled_at: 'timestamptz',
  idempotency_key: 'text',
} as const satisfies Record<keyof Transfer, string>;
const COLUMNS = Object.keys(COLUMN_TYPES) as (keyof Transfer)[];
export const columnList = sql.join(COLUMNS.map((c) => sql.ref(c)));

/** The rows as relation `r`: their columns, and `n`, each row's place (from 1). */
export function rowsSql(rows: readonly Transfer[]) {
  const arrays = COLUMNS.map((c) => {
    const values = rows.map((row) => {
      const value = row[c];
      return value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? String(value) : value;
    });
    return sql`${values}::${sql.raw(COLUMN_TYPES[c])}[]`;
  });
  return sql`select * from unnest(${sql.join(arrays)}) with ordinality as r(${columnList}, n)`;
}

/** The columns of relation `r` (rowsSql) in table order; entry_id from `entryId`. */
export function rowColumns(entryId: RawBuilder<unknown>) {
  return sql.join(COLUMNS.map((c) => (c === 'entry_id' ? entryId : sql.ref(`r.${c}`))));
}

/** The end of a transfer at a game: the member's player name there, and the game's launch mode (its provider client). */
export type TransferEnd = { username: string; launch_mode: 'link' | 'form' };

/**
 * The rows of `r` (rowsSql) whose member's account at their game may be used
 * in their direction, with that end: the account active, the game enabled (a
 * disabled game still lets money out). The same rule as
 * GameAccess.transferTarget (game-access.ts), which names the reason when this
 * finds nothing; here it joins the transfer's own statement, so a transfer
 * makes no read of its own for it.
 */
export const USABLE_ENDS = sql`select r.n, a.username, g.launch_mode from r
  join game_accounts a on a.member_id = r.member_id and a.game_code = r.game_code and a.status = 'active'
  join games g on g.code = a.game_code and (r.direction = 'from_game' or g.is_enabled)`;

/** The ids of the accounts, in order (each created on first use), as one SQL array. */
export function accountIdsSql(refs: readonly AccountRef[]) {
  return sql`array(select ledger_account(a.kind, a.owner, a.code, a.currency)
    from unnest(${refs.map((r) => r.kind)}::text[], ${refs.map((r) => (r.kind === 'system' ? null : r.ownerId))}::uuid[],
      ${refs.map((r) => r.code)}::text[], ${refs.map((r) => r.currency)}::text[]) with ordinality a(kind, owner, code, currency, i)
    order by a.i)`;
}

/**
 * Runs a batch statement over `items` in member order and answers in the
 * callers' order. A transfer row's insert and a wallet's posting each add a
 * line to the member's statement, locking that member's statement_heads row
 * until the commit: batches that take those locks in one order (ascending
 * member) never wait for each other in a cycle.
 */
export async function inMemberOrder<T, O>(
  items: readonly T[],
  memberOf: (item: T) => string,
  run: (sorted: T[]) => Promise<O[]>,
): Promise<O[]> {
  const order = items.map((item, i) => ({ item, i })).sort((a, b) => compareText(memberOf(a.item), memberOf(b.item)) || a.i - b.i);
  const answers = await run(order.map((o) => o.item));
  const byCaller = new Array<O>(items.length);
  order.forEach((o, k) => (byCaller[o.i] = answers[k] as O));
  return byCaller;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
