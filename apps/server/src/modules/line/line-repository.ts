import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LineLang, LineOutboxTable } from '../../db/tables/line.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';

export type OutboxRow = Selectable<LineOutboxTable>;
export type NewNotice = { dedupeKey: string; target: string; kind: string; lang: LineLang; params: Record<string, string> };
export type MemberNoticeKind = 'deposit' | 'withdrawal' | 'chat';

/** Kysely stays here (docs/engineering.md, "House rules"): LINE links, link codes, the outbox and the feeds' cursors. */
export function createLineRepository(db: Kysely<DB>) {
  return {
    link(memberId: string) {
      return db.selectFrom('line_links').selectAll().where('member_id', '=', memberId).executeTakeFirst();
    },

    /** One live code per member: a new one replaces the last. */
    async putCode(memberId: string, code: string, lang: LineLang, expiresAt: Date): Promise<void> {
      await db
        .insertInto('line_link_codes')
        .values({ code, member_id: memberId, lang, expires_at: expiresAt })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ code, lang, expires_at: expiresAt }))
        .execute();
    },

    /** Takes a live code (deleted as it is used) and links its member to this LINE user; the member's earlier link is replaced. */
    async redeemCode(code: string, lineUserId: string, now: Date): Promise<{ memberId: string; lang: LineLang } | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('line_link_codes')
          .where('code', '=', code)
          .returning(['member_id', 'lang', 'expires_at'])
          .executeTakeFirst();
        if (!row || row.expires_at.getTime() <= now.getTime()) return undefined;
        // A LINE account serves one member: linking it again moves it.
        await trx.deleteFrom('line_links').where('line_user_id', '=', lineUserId).execute();
        await trx
          .insertInto('line_links')
          .values({ member_id: row.member_id, line_user_id: lineUserId, lang: row.lang, linked_at: now })
          .onConflict((oc) => oc.column('member_id').doUpdateSet({ line_user_id: lineUserId, lang: row.lang, linked_at: now }))
          .execute();
        return { memberId: row.member_id, lang: row.lang };
      });
    },

    async updateLink(
      memberId: string,
      change: { lang?: LineLang; deposit?: boolean; withdrawal?: boolean; chat?: boolean },
    ): Promise<void> {
      const set = {
        ...(change.lang ? { lang: change.lang } : {}),
        ...(change.deposit === undefined ? {} : { notify_deposit: change.deposit }),
        ...(change.withdrawal === undefined ? {} : { notify_withdrawal: change.withdrawal }),
        ...(change.chat === undefined ? {} : { notify_chat: change.chat }),
      };
      if (Object.keys(set).length > 0) await db.updateTable('line_links').set(set).where('member_id', '=', memberId).execute();
    },

    async unlinkMember(memberId: string): Promise<void> {
      await db.deleteFrom('line_links').where('member_id', '=', memberId).execute();
    },

    async unlinkLineUser(lineUserId: string): Promise<void> {
      await db.deleteFrom('line_links').where('line_user_id', '=', lineUserId).execute();
    },

    /** Stores notices; one already stored under its dedupe key (another node, an earlier pass) is skipped. */
    async enqueue(notices: NewNotice[], now: Date): Promise<number> {
      if (notices.length === 0) return 0;
      const rows = notices.map((n) => ({
        id: uuidV7(now),
        dedupe_key: n.dedupeKey,
        target: n.target,
        kind: n.kind,
        lang: n.lang,
        params: JSON.stringify(n.params),
        status: 'pending' as const,
        next_attempt_at: now,
        retry_key: crypto.randomUUID(),
        last_error: null,
        created_at: now,
        sent_at: null,
      }));
      const inserted = await db
        .insertInto('line_outbox')
        .values(rows)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    },

    /**
     * Claims due notices for this node: their next attempt moves leaseMs ahead
     * (SKIP LOCKED, so two nodes never claim one row at once). A node that dies
     * mid-send leaves the row to be claimed again after the lease, and its
     * retry key makes LINE deliver it once.
     */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
      return db
        .updateTable('line_outbox')
        .set({ next_attempt_at: new Date(now.getTime() + leaseMs), attempts: sql`attempts + 1` })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('line_outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .where('status', '=', 'pending')
        .returningAll()
        .execute();
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db.updateTable('line_outbox').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', id).execute();
    },

    async markRetry(id: string, nextAt: Date, error: string): Promise<void> {
      await db
        .updateTable('line_outbox')
        .set({ next_attempt_at: nextAt, last_error: error })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db.updateTable('line_outbox').set({ status: 'failed', last_error: error }).where('id', '=', id).execute();
    },

    /** A feed's cursor; a feed read for the first time starts now (no notices for what happened before). */
    async cursor(feed: string, fallback: { at: Date; id: bigint }): Promise<{ at: Date; id: bigint }> {
      await db
        .insertInto('line_feed_cursors')
        .values({ feed, read_to: fallback.at, read_id: fallback.id })
        .onConflict((oc) => oc.column('feed').doNothing())
        .execute();
      const row = await db
        .selectFrom('line_feed_cursors')
        .select(['read_to', 'read_id'])
        .where('feed', '=', feed)
        .executeTakeFirstOrThrow();
      return { at: row.read_to, id: BigInt(row.read_id) };
    },

    /** Moves a feed's cursor forward only (two nodes reading at once never move it back). */
    async advance(feed: string, to: { at?: Date; id?: bigint }): Promise<void> {
      if (to.at)
        await db.updateTable('line_feed_cursors').set({ read_to: to.at }).where('feed', '=', feed).where('read_to', '<', to.at).execute();
      if (to.id !== undefined)
        await db.updateTable('line_feed_cursors').set({ read_id: to.id }).where('feed', '=', feed).where('read_id', '<', to.id).execute();
    },
  };
}
export type LineRepository = ReturnType<typeof createLineRepository>;
