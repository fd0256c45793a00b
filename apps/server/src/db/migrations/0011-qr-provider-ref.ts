import { sql, type Kysely } from 'kysely';

/**
 * qr_codes.provider_ref: the gateway's payment reference from its paid
 * callback (the one the member's bank app shows), null until paid. Before
 * this it lived only in the credit's ledger memo ("<provider> <ref>"), so the
 * paid QRs get it back from there. The partial index on expires_at serves the
 * QR expiry job (modules/deposit/qr-expiry-job.ts): open codes in expiry order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('qr_codes').addColumn('provider_ref', 'text').execute();
  await sql`
    update qr_codes q
    set provider_ref = nullif(substr(e.memo, strpos(e.memo, ' ') + 1), '')
    from journal_entries e
    where e.kind = 'deposit.qr' and e.reference = q.id::text and strpos(e.memo, ' ') > 0`.execute(db);
  await db.schema
    .createIndex('qr_codes_open_expires_idx')
    .on('qr_codes')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'open')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('qr_codes_open_expires_idx').execute();
  await db.schema.alterTable('qr_codes').dropColumn('provider_ref').execute();
}
