import { sql, type Kysely } from 'kysely';

/**
 * The money core (docs/money.md, "The ledger"): double-entry ledger, the
 * Idempotency-Key store of money-moving POSTs, and the game catalogue whose
 * codes name the `game:<code>` / `provider:<code>` accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('wallet', 'game', 'system')`))
    // The member's id (members.id) for wallet and game accounts; null for system accounts.
    // No foreign key yet: the members table arrives with the accounts migration.
    .addColumn('owner_id', 'uuid')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // NULLS NOT DISTINCT: one `bank:KBANK-1` THB account, not one per insert.
    .addUniqueConstraint('ledger_accounts_owner_code_currency', ['owner_id', 'code', 'currency'], (u) => u.nullsNotDistinct())
    .addCheckConstraint('ledger_accounts_owner_matches_kind', sql`(kind = 'system') = (owner_id is null)`)
    // Backstop only: postEntry refuses first with MONEY_NOT_ENOUGH via a conditional update.
    .addCheckConstraint('ledger_accounts_wallet_not_negative', sql`kind <> 'wallet' or balance >= 0`)
    .execute();

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    // A business reference (transfer id, QR id, slip reference): unique per kind, so
    // a repeated callback or retry can never post the same movement twice.
    .addColumn('reference', 'text')
    .addColumn('reverses_entry_id', 'bigint', (c) => c.references('journal_entries.id').unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('journal_entries_kind_reference', ['kind', 'reference'])
    .execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema.createIndex('postings_entry').on('postings').column('entry_id').execute();
  // An account's history in order, either direction (statements, audits).
  await db.schema.createIndex('postings_account_id').on('postings').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    // The member id (or another caller scope): keys are per member.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'uuid', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('processing', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('games')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('slot', 'sport', 'lotto')`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('background', 'text', (c) => c.notNull())
    .addColumn('ft_wallet_slot', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`ft_wallet_slot > 0`),
    )
    .addColumn('web_url', 'text')
    .addColumn('android_url', 'text')
    .addColumn('ios_url', 'text')
    .addColumn('launch_mode', 'text', (c) => c.notNull().check(sql`launch_mode in ('link', 'form')`))
    // Provider-side username = prefix + member number (docs/games.md, "Game accounts").
    .addColumn('player_prefix', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('games').execute();
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('postings').execute();
  await db.schema.dropTable('journal_entries').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
