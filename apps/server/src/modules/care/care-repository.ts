import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BreakKind } from '../../db/tables/accounts.ts';
import type { CareHoldsTable, LimitChangeAction, LimitKind, LimitPeriod, PlayBreaksTable } from '../../db/tables/care.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';

type Slot = { memberId: string; kind: LimitKind; period: LimitPeriod };

/** Player care's SQL (docs/player-care.md): limits and their history, what a period has used, breaks, held deposits. */
export function createCareRepository(db: Kysely<DB>) {
  return {
    limitsOf(memberId: string) {
      return db.selectFrom('play_limits').selectAll().where('member_id', '=', memberId).execute();
    },

    async hasLimits(memberId: string, kinds: readonly LimitKind[]): Promise<boolean> {
      const row = await db
        .selectFrom('play_limits')
        .select('member_id')
        .where('member_id', '=', memberId)
        .where('kind', 'in', kinds)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Serialises every money movement a member's limits count, on every node: the caller's transaction
     * holds it until commit, so two deposits (or transfers) cannot both fit in the same room.
     */
    async lockMember(memberId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`care:${memberId}`}))`.execute(db);
    },

    async putLimit(
      slot: Slot,
      values: { amount: bigint; pendingAmount: bigint | null; pendingRemoval: boolean; pendingDueAt: Date | null },
      now: Date,
    ) {
      const row = {
        amount: values.amount,
        pending_amount: values.pendingAmount,
        pending_removal: values.pendingRemoval,
        pending_due_at: values.pendingDueAt,
        updated_at: now,
      };
      await db
        .insertInto('play_limits')
        .values({ member_id: slot.memberId, kind: slot.kind, period: slot.period, ...row })
        .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doUpdateSet(row))
        .execute();
    },

    async deleteLimit(slot: Slot): Promise<void> {
      await db
        .deleteFrom('play_limits')
        .where('member_id', '=', slot.memberId)
        .where('kind', '=', slot.kind)
        .where('period', '=', slot.period)
        .execute();
    },

    async addChange(slot: Slot, action: LimitChangeAction, before: bigint | null, after: bigint | null, at: Date): Promise<void> {
      await db
        .insertInto('play_limit_changes')
        .values({
          id: uuidV7(at),
          member_id: slot.memberId,
          kind: slot.kind,
          period: slot.period,
          action,
          amount_before: before,
          amount_after: after,
          at,
        })
        .execute();
    },

    changesOf(memberId: string) {
      return db.selectFrom('play_limit_changes').selectAll().where('member_id', '=', memberId).orderBy('at', 'desc').limit(100).execute();
    },

    async addHit(slot: Slot, amount: bigint, at: Date): Promise<void> {
      await db
        .insertInto('play_limit_hits')
        .values({ id: uuidV7(at), member_id: slot.memberId, kind: slot.kind, period: slot.period, amount, at })
        .execute();
    },

    /** Members refused by a limit since `from`: how often, by kind, newest first. */
    hitsSince(from: Date) {
      return db
        .selectFrom('play_limit_hits as h')
        .innerJoin('members as m', 'm.id', 'h.member_id')
        .select(['h.member_id', 'm.phone', 'm.name', 'h.kind', 'h.period'])
        .select((eb) => [eb.fn.countAll<string>().as('hits'), eb.fn.max('h.at').as('last_at')])
        .where('h.at', '>=', from)
        .groupBy(['h.member_id', 'm.phone', 'm.name', 'h.kind', 'h.period'])
        .orderBy('last_at', 'desc')
        .limit(500)
        .execute();
    },

    /** A deposit credited to the wallet (every method, a released hold too), counted by the deposit limits. */
    async addDeposit(entryId: bigint, memberId: string, amount: bigint, at: Date): Promise<void> {
      await db
        .insertInto('care_deposits')
        .values({ entry_id: entryId, member_id: memberId, amount, at })
        .onConflict((oc) => oc.column('entry_id').doNothing())
        .execute();
    },

    async depositedSince(memberId: string, from: Date): Promise<bigint> {
      const row = await db
        .selectFrom('care_deposits')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
        .where('member_id', '=', memberId)
        .where('at', '>=', from)
        .executeTakeFirstOrThrow();
      return BigInt(row.total);
    },

    /** Money sent to games (not refused) and money back from them, since `from`. */
    async playedSince(memberId: string, from: Date): Promise<{ staked: bigint; returned: bigint }> {
      const row = await db
        .selectFrom('transfers')
        .select([
          sql<string>`coalesce(sum(amount) filter (where direction = 'to_game' and status <> 'FAILED'), 0)`.as('staked'),
          sql<string>`coalesce(sum(amount) filter (where direction = 'from_game' and status = 'SUCCESS'), 0)`.as('returned'),
        ])
        .where('member_id', '=', memberId)
        .where('created_at', '>=', from)
        .executeTakeFirstOrThrow();
      return { staked: BigInt(row.staked), returned: BigInt(row.returned) };
    },

    /** What the member's game accounts hold, as the ledger last knew it (balances are refreshed from the providers). */
    async gamesHeld(memberId: string): Promise<bigint> {
      const row = await db
        .selectFrom('ledger_accounts')
        .select(sql<string>`coalesce(sum(balance), 0)`.as('total'))
        .where('owner_id', '=', memberId)
        .where('kind', '=', 'game')
        .executeTakeFirstOrThrow();
      return BigInt(row.total);
    },

    session(memberId: string) {
      return db.selectFrom('play_sessions').selectAll().where('member_id', '=', memberId).executeTakeFirst();
    },

    async startSession(memberId: string, now: Date, gamesAtCheck: bigint): Promise<void> {
      const row = { started_at: now, last_play_at: now, last_check_at: now, games_at_check: gamesAtCheck };
      await db
        .insertInto('play_sessions')
        .values({ member_id: memberId, ...row })
        .onConflict((oc) => oc.column('member_id').doUpdateSet(row))
        .execute();
    },

    async touchSession(memberId: string, now: Date): Promise<void> {
      await db.updateTable('play_sessions').set({ last_play_at: now }).where('member_id', '=', memberId).execute();
    },

    async checked(memberId: string, now: Date, gamesAtCheck: bigint): Promise<void> {
      await db
        .updateTable('play_sessions')
        .set({ last_check_at: now, games_at_check: gamesAtCheck })
        .where('member_id', '=', memberId)
        .execute();
    },

    async endSession(memberId: string): Promise<void> {
      await db.deleteFrom('play_sessions').where('member_id', '=', memberId).execute();
    },

    async setRealityMinutes(memberId: string, minutes: number): Promise<void> {
      await db.updateTable('members').set({ reality_check_minutes: minutes }).where('id', '=', memberId).execute();
    },

    async realityMinutes(memberId: string): Promise<number> {
      const row = await db.selectFrom('members').select('reality_check_minutes').where('id', '=', memberId).executeTakeFirst();
      return row?.reality_check_minutes ?? 0;
    },

    breaksOf(memberId: string) {
      return db.selectFrom('play_breaks').selectAll().where('member_id', '=', memberId).orderBy('starts_at', 'desc').execute();
    },

    async startBreak(row: Omit<PlayBreaksTable, 'ended_early_at' | 'ended_by' | 'end_reason'>): Promise<void> {
      await db.insertInto('play_breaks').values(row).execute();
      await db.updateTable('members').set({ break_kind: row.kind, break_ends_at: row.ends_at }).where('id', '=', row.member_id).execute();
    },

    async endBreakEarly(breakId: string, memberId: string, end: { at: Date; by: string; reason: string }): Promise<boolean> {
      const ended = await db
        .updateTable('play_breaks')
        .set({ ended_early_at: end.at, ended_by: end.by, end_reason: end.reason })
        .where('id', '=', breakId)
        .where('member_id', '=', memberId)
        .where('ended_early_at', 'is', null)
        .executeTakeFirst();
      if (ended.numUpdatedRows === 0n) return false;
      await db.updateTable('members').set({ break_kind: null, break_ends_at: null }).where('id', '=', memberId).execute();
      return true;
    },

    memberBreak(memberId: string): Promise<{ break_kind: BreakKind | null; break_ends_at: Date | null } | undefined> {
      return db.selectFrom('members').select(['break_kind', 'break_ends_at']).where('id', '=', memberId).executeTakeFirst();
    },

    /** Whether a phone number or bank account belongs to a member whose self-exclusion is in force at `now`. */
    async excludedOwner(who: { phone: string; bankCode: string; bankAccountNo: string }, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('break_kind', '=', 'self-exclusion')
        .where((eb) => eb.or([eb('break_ends_at', 'is', null), eb('break_ends_at', '>', now)]))
        .where((eb) =>
          eb.or([eb('phone', '=', who.phone), eb.and([eb('bank_code', '=', who.bankCode), eb('bank_account_no', '=', who.bankAccountNo)])]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addHold(row: Omit<CareHoldsTable, 'released_at' | 'released_by' | 'status'>): Promise<void> {
      await db
        .insertInto('care_holds')
        .values({ ...row, status: 'held' })
        .onConflict((oc) => oc.columns(['entry_kind', 'reference']).doNothing())
        .execute();
    },

    /** Whether the deposit credited as `kind` + `reference` was held for a person. */
    async isHeld(kind: string, reference: string): Promise<boolean> {
      const row = await db
        .selectFrom('care_holds')
        .select('id')
        .where('entry_kind', '=', kind)
        .where('reference', '=', reference)
        .executeTakeFirst();
      return row !== undefined;
    },

    holdsOf(memberId: string) {
      return db.selectFrom('care_holds').selectAll().where('member_id', '=', memberId).orderBy('held_at', 'desc').limit(100).execute();
    },

    /** Marks a held deposit released, once: of two operators at once, one gets the row back. */
    takeHold(holdId: string, by: string, at: Date) {
      return db
        .updateTable('care_holds')
        .set({ status: 'released', released_at: at, released_by: by })
        .where('id', '=', holdId)
        .where('status', '=', 'held')
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type CareRepository = ReturnType<typeof createCareRepository>;
