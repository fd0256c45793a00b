import { sql, type Kysely } from 'kysely';

/**
 * Deposits (docs/deposits.md): slips, QR codes, gift links and manual notices. Money
 * itself lives in the ledger; these rows record what each deposit is doing,
 * and the ledger's unique kind + reference guarantees it credits at most once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('slips')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    // Server-generated storage key and the type sniffed from the bytes (never the client's).
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('processing')
        .check(sql`status in ('processing', 'success', 'failed')`),
    )
    .addColumn('note', 'text')
    .addColumn('amount', 'bigint')
    // From the slip's QR: the bank's transaction reference and the sending bank.
    .addColumn('trans_ref', 'text')
    .addColumn('sending_bank', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // A verifier's lease: another node skips the slip until it runs out.
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The member's slip history, newest first, and the "processing" count at upload.
  await db.schema.createIndex('slips_member_created_idx').on('slips').columns(['member_id', 'created_at desc', 'id desc']).execute();
  // The verifier's queue.
  await db.schema
    .createIndex('slips_processing_idx')
    .on('slips')
    .column('created_at')
    .where(sql.ref('status'), '=', 'processing')
    .execute();
  // "Reference seen before" (SLIP_REFNO_DUPLICATED).
  await db.schema.createIndex('slips_trans_ref_idx').on('slips').column('trans_ref').where(sql.ref('trans_ref'), 'is not', null).execute();

  await db.schema
    .createTable('qr_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'paid', 'cancelled', 'expired')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .execute();
  // One open QR per member per provider, even under concurrent creates.
  await db.schema
    .createIndex('qr_codes_one_open_idx')
    .on('qr_codes')
    .columns(['member_id', 'provider'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('gift_links')
    // The voucher hash (the link's `v`): a link is accepted once, by anyone.
    .addColumn('voucher_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('processing', 'success')`))
    .addColumn('amount', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('deposit_notices')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('processing', 'success', 'failed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deposit_notices_member_idx').on('deposit_notices').columns(['member_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposit_notices').execute();
  await db.schema.dropTable('gift_links').execute();
  await db.schema.dropTable('qr_codes').execute();
  await db.schema.dropTable('slips').execute();
}
