import { sql, type Kysely } from 'kysely';
import type { Currency } from '@jetton/contract/constants';
import type { DB } from '../../db/schema.ts';

/** The most one member accrues in a day, in minor units of each currency (rules.money). */
export type DailyCaps = Record<Currency, bigint>;

/** The cap of the row's member by their currency (`alias.currency`). */
function capOf(caps: DailyCaps, alias = 'm') {
  const cases = Object.entries(caps).map(([currency, cap]) => sql`when ${currency} then ${cap.toString()}::bigint`);
  return sql`case ${sql.ref(`${alias}.currency`)} ${sql.join(cases, sql` `)} end`;
}

/** Round cursors, stored rounds, daily sums and the daily accruals (docs/rewards.md, "Turnover from rounds"); Kysely stays here. */
export function createRoundsRepository(db: Kysely<DB>) {
  return {
    /**
     * Takes a provider's cursor for one pull (a lease, so two nodes never pull
     * the same provider at once and a dead node's lease runs out). Answers
     * where the pull starts, or undefined when another pass holds it.
     */
    async leaseCursor(gameCode: string, owner: string, now: Date, leaseMs: number, firstSince: Date): Promise<Date | undefined> {
      await db
        .insertInto('reward_round_cursors')
        .values({ game_code: gameCode, since: firstSince, lease_until: null, lease_owner: null })
        .onConflict((oc) => oc.column('game_code').doNothing())
        .execute();
      const row = await db
        .updateTable('reward_round_cursors')
        .set({ lease_until: new Date(now.getTime() + leaseMs), lease_owner: owner })
        .where('game_code', '=', gameCode)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .returning('since')
        .executeTakeFirst();
      return row?.since;
    },

    /** Moves the cursor on (never back) and frees it, if this pass still owns it. */
    async releaseCursor(gameCode: string, owner: string, since: Date | null): Promise<void> {
      await db
        .updateTable('reward_round_cursors')
        .set((eb) => ({
          lease_until: null,
          lease_owner: null,
          since: since ? eb.fn<Date>('greatest', [eb.ref('since'), eb.val(since)]) : eb.ref('since'),
        }))
        .where('game_code', '=', gameCode)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Which of a provider's round ids are stored already: one read for a whole pull, so replays cost nothing more. */
    async storedRoundIds(gameCode: string, roundIds: readonly string[]): Promise<Set<string>> {
      if (roundIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('reward_rounds')
        .select('round_id')
        .where('game_code', '=', gameCode)
        .where('round_id', '=', sql<string>`any(${[...roundIds]}::text[])`)
        .execute();
      return new Set(rows.map((r) => r.round_id));
    },

    /** Games somebody has an account at: only their providers have rounds worth pulling. */
    async gamesInUse(): Promise<Set<string>> {
      const rows = await db.selectFrom('game_accounts').select('game_code').distinct().execute();
      return new Set(rows.map((r) => r.game_code));
    },

    /** The (kind, day) accruals already done among these days. */
    async doneDays(days: string[]): Promise<Set<string>> {
      if (days.length === 0) return new Set();
      const rows = await db.selectFrom('accrual_days').select(['kind', 'day']).where('day', 'in', days).execute();
      return new Set(rows.map((r) => `${r.kind}|${r.day}`));
    },

    async membersByUsername(gameCode: string, usernames: string[]): Promise<Map<string, string>> {
      if (usernames.length === 0) return new Map();
      const rows = await db
        .selectFrom('game_accounts')
        .select(['username', 'member_id'])
        .where('game_code', '=', gameCode)
        .where('username', 'in', usernames)
        .execute();
      return new Map(rows.map((r) => [r.username, r.member_id]));
    },

    /** Stores a round once: false when this provider round id was stored before (a replay). */
    async insertRound(round: {
      gameCode: string;
      roundId: string;
      memberId: string;
      category: string;
      bet: bigint;
      payout: bigint;
      playedAt: Date;
    }) {
      const row = await db
        .insertInto('reward_rounds')
        .values({
          game_code: round.gameCode,
          round_id: round.roundId,
          member_id: round.memberId,
          category: round.category,
          bet: round.bet,
          payout: round.payout,
          played_at: round.playedAt,
          bonus_id: null,
        })
        .onConflict((oc) => oc.columns(['game_code', 'round_id']).doNothing())
        .returning('round_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async addDailyPlay(memberId: string, day: string, category: string, bet: bigint, payout: bigint): Promise<void> {
      await db
        .insertInto('daily_play')
        .values({ member_id: memberId, day, category, bets: bet, payouts: payout })
        .onConflict((oc) =>
          oc.columns(['member_id', 'day', 'category']).doUpdateSet((eb) => ({
            bets: eb('daily_play.bets', '+', eb.ref('excluded.bets')),
            payouts: eb('daily_play.payouts', '+', eb.ref('excluded.payouts')),
          })),
        )
        .execute();
    },

    /** Counts a round toward the member's bonus, if that bonus was active when it was played and still is. */
    async countTowardBonus(gameCode: string, roundId: string, bonusId: string, weighted: bigint): Promise<void> {
      const counted = await db
        .updateTable('member_bonuses')
        .set((eb) => ({ turnover_done: eb('turnover_done', '+', weighted) }))
        .where('id', '=', bonusId)
        .where('status', '=', 'active')
        .returning('id')
        .executeTakeFirst();
      if (counted) {
        await db
          .updateTable('reward_rounds')
          .set({ bonus_id: bonusId })
          .where('game_code', '=', gameCode)
          .where('round_id', '=', roundId)
          .execute();
      }
    },

    /** Claims a (kind, day) accrual: only the first caller gets true; inside its transaction, so a failed accrual frees it. */
    async claimDay(kind: 'invite' | 'refund', day: string, now: Date): Promise<boolean> {
      const row = await db
        .insertInto('accrual_days')
        .values({ kind, day, done_at: now })
        .onConflict((oc) => oc.columns(['kind', 'day']).doNothing())
        .returning('day')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A day's refunds: bp/10,000 of each member's loss (bets - payouts) where positive. */
    async accrueRefunds(day: string, bp: number, caps: DailyCaps, now: Date): Promise<number> {
      const result = await sql`
        insert into refund_accruals (member_id, day, loss, amount, created_at)
        select d.member_id, ${day}, d.loss, least(d.loss * ${bp} / 10000, ${capOf(caps)}), ${now}
        from (select member_id, sum(bets) - sum(payouts) as loss from daily_play where day = ${day} group by member_id) d
        join members m on m.id = d.member_id
        where d.loss * ${bp} / 10000 > 0
        on conflict (member_id, day) do nothing`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },

    /**
     * A day's invite accruals: bp/10,000 of each invitee's bets to the inviter.
     * An invitee sharing the inviter's bank account or phone earns nothing (self-invite).
     */
    async accrueInvites(day: string, bp: number, caps: DailyCaps, now: Date): Promise<number> {
      const result = await sql`
        insert into invite_accruals (invitee_id, day, inviter_id, turnover, amount, created_at)
        select p.member_id, ${day}, m.invited_by, sum(p.bets), least(sum(p.bets) * ${bp} / 10000, ${capOf(caps, 'i')}), ${now}
        from daily_play p
        join members m on m.id = p.member_id
        join members i on i.id = m.invited_by
        where p.day = ${day}
          and i.bank_account_no <> m.bank_account_no
          and i.phone <> m.phone
        group by p.member_id, m.invited_by, i.currency
        having sum(p.bets) * ${bp} / 10000 > 0
        on conflict (invitee_id, day) do nothing`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}
