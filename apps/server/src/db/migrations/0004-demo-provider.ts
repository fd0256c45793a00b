import { sql, type Kysely } from 'kysely';

/**
 * The built-in demo game provider (mounted under /sandbox/games). It keeps its
 * OWN players, balances, transfers and rounds, apart from the ledger, exactly as
 * a remote provider would: the site only learns them through the adapter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_players')
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
  await db.schema.createIndex('demo_rounds_game_time').on('demo_rounds').columns(['game_code', 'played_at', 'id']).execute();

  await db.schema
    .createTable('demo_sessions')
    // Only a SHA-256 of the token is stored: a database read cannot replay a session.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('launch', 'session')`))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('demo_players.id'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_sessions').execute();
  await db.schema.dropTable('demo_rounds').execute();
  await db.schema.dropTable('demo_transfers').execute();
  await db.schema.dropTable('demo_players').execute();
}
