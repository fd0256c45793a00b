import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BreakKind } from '../../db/tables/accounts.ts';
import { MONEY_LIMIT_KINDS } from '../../db/tables/care.ts';

/** A live session with what the guard needs of its member. */
export type SessionMember = {
  sessionId: string;
  memberId: string;
  memberNo: bigint;
  phone: string;
  currency: 'THB' | 'LAK';
  /** The member's break from play, if one was taken (docs/player-care.md); in force while breakEndsAt is null or ahead. */
  breakKind?: BreakKind | null;
  breakEndsAt?: Date | null;
  /** Minutes between reality checks while playing; 0 or absent: off. */
  realityCheckMinutes?: number;
  /**
   * Whether the member has a loss or wager limit, read with the session so a
   * transfer into a game without one needs no read of its own; absent: unknown,
   * read when needed (docs/player-care.md).
   */
  hasMoneyLimits?: boolean;
};

/** One member request's session: its id, and the request's time. */
export type SessionLookup = { sessionId: string; now: Date };

/** Kysely stays here (docs/engineering.md, "House rules"): the sessions table. */
export function createSessionRepository(db: Kysely<DB>) {
  return {
    async create(session: { id: string; memberId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ id: session.id, member_id: session.memberId, created_at: session.createdAt, expires_at: session.expiresAt })
        .execute();
    },
    /**
     * The live sessions of many member requests in ONE read (gathered from
     * concurrent requests: docs/performance.md, "Gathered statements"), one
     * answer per lookup in order. A session must be unrevoked and unexpired at
     * its own request's time, and its member active, so revocation and
     * deactivation bite at once.
     */
    async findLiveMany(lookups: readonly SessionLookup[]): Promise<(SessionMember | undefined)[]> {
      if (lookups.length === 0) return [];
      const { rows } = await sql<Omit<SessionMember, 'hasMoneyLimits'> & { at: number; hasMoneyLimits: boolean | null }>`
        select q.at::int as at, s.id as "sessionId", m.id as "memberId", m.member_no as "memberNo", m.phone, m.currency,
               m.break_kind as "breakKind", m.break_ends_at as "breakEndsAt", m.reality_check_minutes as "realityCheckMinutes",
               exists (select 1 from play_limits l where l.member_id = m.id and l.kind = any(${[...MONEY_LIMIT_KINDS]}::text[]))
                 as "hasMoneyLimits"
        from unnest(${lookups.map((l) => l.sessionId)}::uuid[], ${lookups.map((l) => l.now.toISOString())}::timestamptz[])
          with ordinality as q(id, now, at)
        join sessions s on s.id = q.id and s.revoked_at is null and s.expires_at > q.now
        join members m on m.id = s.member_id and m.status = 'active'`.execute(db);
      const found = new Map(rows.map(({ at, ...row }) => [at, { ...row, hasMoneyLimits: Boolean(row.hasMoneyLimits) }]));
      return lookups.map((_, i) => found.get(i + 1));
    },
    /** Which of `ids` are live by the same rule as findLiveMany: one read for every socket of a node. */
    async liveIds(ids: readonly string[], now: Date): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .select('sessions.id')
        .where('sessions.id', 'in', [...ids])
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .where('members.status', '=', 'active')
        .execute();
      return new Set(rows.map((r) => r.id));
    },
    /**
     * Logout: the member's sessions go, as a login's prune would take them later. Deleting
     * writes only the rows' heap pages; marking them revoked is an update of an indexed column
     * that also writes into all three indexes, several times the WAL (docs/growth.md, "Logout").
     */
    async endAll(memberId: string): Promise<void> {
      await db.deleteFrom('sessions').where('member_id', '=', memberId).execute();
    },
    /** Sessions an operator or a password change ends stay, marked, until the cleanup: the back office lists them. */
    async revokeAll(memberId: string, now: Date): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
    },
    /** Drops a member's dead sessions at login; modules/cleanup/cleanup-job.ts takes those of members who do not come back. */
    async pruneDead(memberId: string, now: Date): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where('member_id', '=', memberId)
        .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now)]))
        .execute();
    },
    /**
     * Deletes up to `limit` sessions dead (revoked or expired) since before
     * `before`, longest dead first; returns how many. least() skips a NULL
     * revoked_at, and matches the index sessions_dead_at_idx. Rows another
     * statement holds are skipped. The claimed rows are deleted by ctid (a TID
     * scan), so a big batch is never joined back over the whole table.
     */
    async purgeDead(before: Date, limit: number): Promise<number> {
      const result = await sql`
        delete from sessions where ctid = any(array(
          select ctid from sessions where least(expires_at, revoked_at) < ${before}
          order by least(expires_at, revoked_at) limit ${limit} for update skip locked
        ))`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
