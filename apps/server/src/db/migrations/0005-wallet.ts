import { sql, type Kysely } from 'kysely';

/**
 * Game accounts and transfers between the wallet and the games
 * (docs/games.md), and the one-time tickets behind form launchers.
 * Timestamps come from the injected Clock, never now(), so tests can move time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_accounts')
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'text', (c) => c.notNull().references('games.code'))
    // Provider prefix + member number: the same on every retry of an activation.
    .addColumn('username', 'text', (c) => c.notNull())
    // AES-GCM sealed (game-password-box.ts): the game dialog shows it, so it cannot be a hash.
    .addColumn('password_sealed', 'text', (c) => c.notNull())
    // 'creating' until the provider confirmed the player; a failed activation is retried from it.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('creating', 'active')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_accounts_pk', ['member_id', 'game_code'])
    .addUniqueConstraint('game_accounts_game_username', ['game_code', 'username'])
    .execute();

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // The request a leg belongs to: game to game is two legs under the first leg's id.
    .addColumn('group_id', 'uuid', (c) => c.notNull())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'text', (c) => c.notNull().references('games.code'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('to_game', 'from_game')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'SUCCESS', 'FAILED')`))
    // The id the provider knows the transfer by: applying it twice there moves money once.
    .addColumn('provider_transfer_id', 'text', (c) => c.notNull().unique())
    // to_game: the wallet debit (reversed on failure); from_game: the wallet credit.
    .addColumn('entry_id', 'bigint', (c) => c.references('journal_entries.id'))
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the reconciliation job may next ask the provider about a PENDING transfer.
    .addColumn('next_check_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .execute();
  // The statement: a member's transfers, newest first.
  await db.schema.createIndex('transfers_member_created').on('transfers').columns(['member_id', 'created_at desc', 'id desc']).execute();
  // The reconciliation job's claim: only PENDING rows, oldest check first.
  await db.schema
    .createIndex('transfers_pending_check')
    .on('transfers')
    .column('next_check_at')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  // refresh/slot leaves a game alone while one of the member's transfers with it is in flight.
  await db.schema
    .createIndex('transfers_pending_member_game')
    .on('transfers')
    .columns(['member_id', 'game_code'])
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();

  await db.schema
    .createTable('launch_tickets')
    // SHA-256 of the ticket in the link: a leaked database row cannot open a game.
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'text', (c) => c.notNull().references('games.code'))
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('web', 'android', 'ios')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('launch_tickets_expires').on('launch_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('launch_tickets').execute();
  await db.schema.dropTable('transfers').execute();
  await db.schema.dropTable('game_accounts').execute();
}
