import { sql, type Kysely } from 'kysely';

/**
 * Automatic deposits (docs/auto-deposit.md): every incoming transfer line of a
 * site account, read from the bank's statement (AUTO) or a forwarded credit SMS
 * (SMS), stored once per bank reference of that account, with what became of it.
 * The forwarder devices that may post SMS, and each watched account's statement
 * cursor with the lease of the one node polling it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table incoming_deposits (
      id uuid primary key,
      source text not null check (source in ('AUTO', 'SMS')),
      site_bank text not null,
      site_account text not null,
      bank_ref text not null,
      currency text not null check (currency in ('THB', 'LAK')),
      amount bigint,
      occurred_at timestamptz,
      sender_bank text,
      sender_digits text,
      sender_name text,
      raw text,
      status text not null check (status in ('credited', 'unmatched', 'unparsed', 'duplicate', 'returned', 'proposed')),
      reason text,
      candidates text not null default '[]',
      member_id uuid,
      entry_id bigint,
      duplicate_of uuid,
      received_at timestamptz not null,
      decided_at timestamptz,
      decided_by uuid,
      proposed_by uuid,
      proposed_at timestamptz,
      proposed_member_id uuid,
      four_eyes_reason text check (four_eyes_reason in ('AMOUNT', 'DAY_TOTAL')),
      constraint incoming_deposits_bank_ref unique (site_bank, site_account, bank_ref)
    )`.execute(db);
  await sql`create index incoming_deposits_queue_idx on incoming_deposits (received_at) where status in ('unmatched', 'unparsed', 'proposed')`.execute(
    db,
  );
  await sql`create index incoming_deposits_pairing_idx on incoming_deposits (site_bank, site_account, amount, occurred_at)`.execute(db);
  await sql`create index incoming_deposits_operator_day_idx on incoming_deposits (proposed_by, proposed_member_id, proposed_at)`.execute(
    db,
  );

  await sql`
    create table sms_forwarders (
      id uuid primary key,
      name text not null,
      site_bank text not null,
      site_account text not null,
      secret_hash text not null,
      secret_box text not null,
      created_by uuid,
      created_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`
    create table sms_forwarder_nonces (
      forwarder_id uuid not null,
      signature text not null,
      seen_at timestamptz not null,
      primary key (forwarder_id, signature)
    )`.execute(db);

  await sql`
    create table statement_cursors (
      site_bank text not null,
      site_account text not null,
      cursor text not null default '',
      polled_at timestamptz,
      lease_holder text,
      lease_until timestamptz,
      primary key (site_bank, site_account)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table statement_cursors`.execute(db);
  await sql`drop table sms_forwarder_nonces`.execute(db);
  await sql`drop table sms_forwarders`.execute(db);
  await sql`drop table incoming_deposits`.execute(db);
}
