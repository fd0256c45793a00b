import { sql, type Kysely } from 'kysely';

/**
 * Rewards (docs/rewards.md): bonus and promotion definitions, the members'
 * bonuses, rounds pulled from the game providers, and the daily invite and
 * refund accruals. The money itself is in the ledger (expense:<kind> <-> wallet);
 * these rows say why it moved and what the member still owes in turnover.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bonus_definitions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // 'bonus': listed on /user/bonus; 'promotion': reached by its code only.
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('bonus', 'promotion')`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // { th, la, en }; notices hold the {percentFail} placeholder.
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('notices', 'jsonb', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('limit', 'day', 'week')`))
    .addColumn('max_received', 'integer', (c) => c.notNull().check(sql`max_received > 0`))
    .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent >= 0`))
    .addColumn('max_bonus', 'bigint', (c) => c.notNull().check(sql`max_bonus >= 0`))
    .addColumn('min_deposit', 'bigint', (c) => c.notNull().check(sql`min_deposit >= 0`))
    .addColumn('turnover', 'integer', (c) => c.notNull().check(sql`turnover >= 0`))
    .addColumn('percent_fail', 'integer', (c) => c.notNull().check(sql`percent_fail between 0 and 100`))
    // { slot, sport, lotto }: percent of a bet that counts toward the turnover.
    .addColumn('category_weights', 'jsonb', (c) => c.notNull())
    // [{ image, html }], sanitized when written.
    .addColumn('banners', 'jsonb', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_to', 'timestamptz')
    // Days an activated bonus runs before it ends as a cancel would; null: no expiry.
    .addColumn('expiry_days', 'integer')
    // Promotions: activations allowed in all (null: no cap), and how many were made.
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('member_bonuses')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('bonus', 'promotion', 'refund', 'spin')`))
    .addColumn('definition_id', 'uuid', (c) => c.references('bonus_definitions.id'))
    // The definition's code (or the coupon / refund reference) at activation.
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'completed', 'cancelled', 'expired', 'ended')`))
    .addColumn('end_reason', 'text')
    // The terms in force at activation, copied: a later edit of the definition never changes them.
    .addColumn('base', 'bigint', (c) => c.notNull())
    .addColumn('credit', 'bigint', (c) => c.notNull().check(sql`credit >= 0`))
    .addColumn('turnover_target', 'bigint', (c) => c.notNull())
    .addColumn('turnover_done', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('percent_fail', 'integer', (c) => c.notNull())
    // Percent of the credit kept when the turnover is met (100, or a refund's refundSuccess).
    .addColumn('percent_success', 'integer', (c) => c.notNull())
    .addColumn('category_weights', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    // A refund batch or a spin coupon: each grants once.
    .addColumn('source_ref', 'text')
    .addColumn('taken_back', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('activated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  // At most one active bonus per member, whatever its origin: a double activation grants once.
  await db.schema
    .createIndex('member_bonuses_one_active')
    .unique()
    .on('member_bonuses')
    .column('member_id')
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema
    .createIndex('member_bonuses_source_once')
    .unique()
    .on('member_bonuses')
    .columns(['origin', 'source_ref'])
    .where(sql.ref('source_ref'), 'is not', null)
    .execute();
  // A promotion code once per member.
  await db.schema
    .createIndex('member_bonuses_promotion_once')
    .unique()
    .on('member_bonuses')
    .columns(['member_id', 'definition_id'])
    .where(sql.ref('origin'), '=', 'promotion')
    .execute();
  await db.schema.createIndex('member_bonuses_member_idx').on('member_bonuses').columns(['member_id', 'activated_at']).execute();
  // One way only: an ended bonus never changes status again.
  await sql`
    create function member_bonus_one_way() returns trigger
    language plpgsql as $$
    begin
      if old.status <> 'active' and new.status is distinct from old.status then
        raise exception 'member bonus % is %, it cannot become %', old.id, old.status, new.status;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger member_bonuses_one_way before update on member_bonuses
    for each row execute function member_bonus_one_way()`.execute(db);

  // Rounds pulled from the providers: a round id is stored once, and counts toward at most one bonus.
  await db.schema
    .createTable('reward_rounds')
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'uuid', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('bet', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.notNull())
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .addColumn('bonus_id', 'uuid')
    .addPrimaryKeyConstraint('reward_rounds_pk', ['game_code', 'round_id'])
    .execute();
  await db.schema
    .createTable('reward_round_cursors')
    .addColumn('game_code', 'text', (c) => c.primaryKey())
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz')
    .addColumn('lease_owner', 'text')
    .execute();
  // Per member, site day (Asia/Bangkok, 'YYYY-MM-DD') and game category: the sums the daily accruals read.
  await db.schema
    .createTable('daily_play')
    .addColumn('member_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('bets', 'bigint', (c) => c.notNull())
    .addColumn('payouts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_play_pk', ['member_id', 'day', 'category'])
    .execute();
  await db.schema.createIndex('daily_play_day_idx').on('daily_play').column('day').execute();

  await db.schema
    .createTable('accrual_days')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('accrual_days_pk', ['kind', 'day'])
    .execute();
  await db.schema
    .createTable('invite_accruals')
    .addColumn('invitee_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('inviter_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('turnover', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_entry_id', 'bigint')
    .addPrimaryKeyConstraint('invite_accruals_pk', ['invitee_id', 'day'])
    .execute();
  await db.schema.createIndex('invite_accruals_inviter_idx').on('invite_accruals').columns(['inviter_id', 'created_at']).execute();
  await db.schema
    .createTable('refund_accruals')
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('members.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('loss', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // The refund bonus it was received into.
    .addColumn('bonus_id', 'uuid')
    .addPrimaryKeyConstraint('refund_accruals_pk', ['member_id', 'day'])
    .execute();

  await db.schema
    .createTable('reward_banners')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('placement', 'text', (c) => c.notNull().check(sql`placement in ('invite', 'refund')`))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .execute();

  // bonus.grant / bonus.finish are statement kinds already (0015); the invite bonus is a 'bonus' line too.
  await sql`insert into statement_entry_kinds (kind_prefix, statement_type) values ('invite.', 'bonus')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from statement_entry_kinds where kind_prefix = 'invite.'`.execute(db);
  for (const table of [
    'reward_banners',
    'refund_accruals',
    'invite_accruals',
    'accrual_days',
    'daily_play',
    'reward_round_cursors',
    'reward_rounds',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop trigger member_bonuses_one_way on member_bonuses`.execute(db);
  await sql`drop function member_bonus_one_way()`.execute(db);
  await db.schema.dropTable('member_bonuses').execute();
  await db.schema.dropTable('bonus_definitions').execute();
}
