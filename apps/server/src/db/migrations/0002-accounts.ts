import { sql, type Kysely } from 'kysely';

/**
 * Members, their sessions, one-time codes and the login throttle (docs/accounts.md).
 * Timestamps are written by the services from the injected Clock, never by
 * now(), so tests can move time. Every read has an index (named below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // The member number behind the invite code PR<member_no> and provider usernames;
    // it starts at six digits so codes look alike from the first member on.
    .addColumn('member_no', 'bigint', (c) => c.notNull().modifyEnd(sql`generated always as identity (start with 100001)`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_account_name', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('source_code', 'text')
    .addColumn('invited_by', 'uuid', (c) => c.references('members.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('coin', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`coin >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // Login and registration read by phone; the invite code reads by member_no.
    .addUniqueConstraint('members_phone_key', ['phone'])
    .addUniqueConstraint('members_member_no_key', ['member_no'])
    // One bank account belongs to one member (EXISTING_BANK).
    .addUniqueConstraint('members_bank_account_key', ['bank_code', 'bank_account_no'])
    .execute();
  // An inviter's list of invitees (invite feature).
  await db.schema
    .createIndex('members_invited_by_idx')
    .on('members')
    .column('invited_by')
    .where(sql.ref('invited_by'), 'is not', null)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // Revoke-all (logout, password change) and pruning go by member.
  await db.schema.createIndex('sessions_member_id_idx').on('sessions').column('member_id').execute();

  await db.schema
    .createTable('otp_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'timestamptz')
    .execute();
  // The per-phone send limits count a phone's recent challenges.
  await db.schema.createIndex('otp_challenges_phone_created_idx').on('otp_challenges').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('verified_phones')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('verified_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_throttle', 'verified_phones', 'otp_challenges', 'sessions', 'members']) {
    await db.schema.dropTable(table).execute();
  }
}
