import { sql, type Kysely } from 'kysely';

/**
 * The demo game provider's own tables and its transfer function (mounted under
 * /sandbox/games). It keeps its OWN players, balances, transfers and rounds,
 * apart from the ledger, exactly as a remote provider would: the site only
 * learns them through the adapter. Product migrations 0004, 0009 and 0023 made
 * them before the sandbox had migrations of its own; every statement here is
 * `if not exists` / `or replace`, so a database that already has them is left
 * as it is (docs/sandbox.md, "Its own migrations").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_players')
    .ifNotExists()
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('demo_players_game_username', ['game_code', 'username'])
    .execute();

  await db.schema
    .createTable('demo_transfers')
    .ifNotExists()
    .addColumn('game_code', 'text', (c) => c.notNull())
    // The caller's transfer id: applying the same id twice moves money once.
    .addColumn('transfer_id', 'text', (c) => c.notNull())
    .addColumn('player_id', 'bigint', (c) => c.references('demo_players.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('deposit', 'withdraw')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('SUCCESS', 'FAILED')`))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('demo_transfers_pk', ['game_code', 'transfer_id'])
    .execute();

  await db.schema
    .createTable('demo_rounds')
    .ifNotExists()
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('demo_players.id'))
    .addColumn('game', 'text', (c) => c.notNull().check(sql`game in ('slot', 'sport', 'lotto')`))
    .addColumn('bet', 'bigint', (c) => c.notNull().check(sql`bet > 0`))
    .addColumn('payout', 'bigint', (c) => c.notNull().check(sql`payout >= 0`))
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Round history is read per game since a time, in id order (adapter roundHistory).
  await db.schema.createIndex('demo_rounds_game_time').ifNotExists().on('demo_rounds').columns(['game_code', 'played_at', 'id']).execute();

  await db.schema
    .createTable('demo_sessions')
    .ifNotExists()
    // Only a SHA-256 of the token is stored: a database read cannot replay a session.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('launch', 'session')`))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('demo_players.id'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  // A player's latest rounds (the game page).
  await db.schema.createIndex('demo_rounds_player_idx').ifNotExists().on('demo_rounds').columns(['player_id', 'id']).execute();

  // The transfer as one SQL function: lock the player, answer a transfer id seen before, else move the
  // balance if it allows and record the transfer. Output columns are prefixed (r_) so they never shadow
  // the tables' columns.
  await sql`
    create or replace function demo_apply_transfer(
      p_game text, p_transfer_id text, p_username text, p_direction text, p_amount bigint, p_now timestamptz
    ) returns table (r_status text, r_reason text, r_username text, r_direction text, r_amount bigint, r_balance bigint, r_replayed boolean)
    language plpgsql as $$
    declare
      v_player bigint;
      v_balance bigint;
      v_seen demo_transfers%rowtype;
      v_status text := 'FAILED';
      v_reason text := 'PLAYER_NOT_FOUND';
    begin
      -- The player's row lock makes two calls with one transfer id run one after
      -- the other: the second reads the first's record below.
      select id, balance into v_player, v_balance from demo_players
        where game_code = p_game and username = p_username for update;
      select * into v_seen from demo_transfers where game_code = p_game and transfer_id = p_transfer_id;
      if found then
        return query select v_seen.status, v_seen.reason, v_seen.username, v_seen.direction, v_seen.amount, v_balance, true;
        return;
      end if;
      if v_player is not null then
        update demo_players
          set balance = balance + (case when p_direction = 'deposit' then p_amount else -p_amount end)
          where id = v_player and balance >= (case when p_direction = 'withdraw' then p_amount else 0 end)
          returning balance into v_balance;
        if found then
          v_status := 'SUCCESS';
          v_reason := null;
        else
          v_reason := 'INSUFFICIENT_BALANCE';
        end if;
      end if;
      insert into demo_transfers (game_code, transfer_id, player_id, username, direction, amount, status, reason, created_at)
        values (p_game, p_transfer_id, v_player, p_username, p_direction, p_amount, v_status, v_reason, p_now)
        on conflict (game_code, transfer_id) do nothing;
      return query select v_status, v_reason, p_username, p_direction, p_amount, v_balance, false;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists demo_apply_transfer(text, text, text, text, bigint, timestamptz)`.execute(db);
  await db.schema.dropTable('demo_sessions').ifExists().execute();
  await db.schema.dropTable('demo_rounds').ifExists().execute();
  await db.schema.dropTable('demo_transfers').ifExists().execute();
  await db.schema.dropTable('demo_players').ifExists().execute();
}
