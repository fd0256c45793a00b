import { sql, type Kysely } from 'kysely';

/**
 * The prize spin wheel (docs/spin.md).
 * - spin_wheels: every saved wheel is a new version (slices, weights, prizes, on/off); the newest is the wheel.
 * - spin_seeds: a member's provably fair seed pair; one unrevealed (current) per member.
 * - spin_draws: every spin, with the seed, nonce and wheel version it used (the history members verify).
 * - spin_coupons: the prize of a spin, claimable once before it expires.
 * - statement kind 'spin.' (a claimed credit coupon's ledger entry on the wallet) -> statement type 'spin'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table spin_wheels (
      version integer primary key,
      name text not null,
      active boolean not null,
      slices jsonb not null,
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table spin_seeds (
      id uuid primary key,
      member_id uuid not null references members(id),
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      next_nonce integer not null default 0 check (next_nonce >= 0),
      created_at timestamptz not null,
      revealed_at timestamptz
    )`.execute(db);
  await sql`create unique index spin_seeds_current_idx on spin_seeds (member_id) where revealed_at is null`.execute(db);

  await sql`
    create table spin_draws (
      id uuid primary key,
      member_id uuid not null references members(id),
      seed_id uuid not null references spin_seeds(id),
      nonce integer not null,
      wheel_version integer not null references spin_wheels(version),
      slice_index integer not null,
      slice_code text not null,
      created_at timestamptz not null,
      unique (seed_id, nonce)
    )`.execute(db);
  await sql`create index spin_draws_member_idx on spin_draws (member_id, created_at desc, id desc)`.execute(db);
  await sql`create index spin_draws_wheel_idx on spin_draws (wheel_version)`.execute(db);

  await sql`
    create table spin_coupons (
      id uuid primary key,
      member_id uuid not null references members(id),
      draw_id uuid not null unique references spin_draws(id),
      type text not null check (type in ('credit', 'bonus', 'coin')),
      slice_code text not null,
      prize_name text not null,
      amount bigint not null default 0 check (amount >= 0),
      coins integer not null default 0 check (coins >= 0),
      bonus_turnover integer,
      bonus_percent_fail integer,
      currency text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      claimed_at timestamptz
    )`.execute(db);
  await sql`create index spin_coupons_member_idx on spin_coupons (member_id, created_at desc, id desc)`.execute(db);

  await sql`insert into statement_entry_kinds (kind_prefix, statement_type) values ('spin.', 'spin')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from statement_entry_kinds where kind_prefix = 'spin.'`.execute(db);
  await sql`drop table spin_coupons`.execute(db);
  await sql`drop table spin_draws`.execute(db);
  await sql`drop table spin_seeds`.execute(db);
  await sql`drop table spin_wheels`.execute(db);
}
