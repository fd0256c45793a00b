import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LineLang } from '../../db/tables/line.ts';
import type { PushOutboxTable, PushSubscriptionsTable } from '../../db/tables/push.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';

export type Subscription = Selectable<PushSubscriptionsTable>;
export type PushNotice = Selectable<PushOutboxTable> & { endpoint: string; p256dh: string; auth: string; lang: LineLang };
export type NewPushNotice = { dedupeKey: string; subscriptionId: string; kind: string; params: Record<string, string> };
export type PushKinds = { deposit: boolean; withdrawal: boolean; chat: boolean; bonus: boolean };

/** Kysely stays here (docs/engineering.md, "House rules"): members' push subscriptions, the push outbox, its feeds' cursors. */
export function createPushRepository(db: Kysely<DB>) {
  return {
    /** A browser's subscription, for this member (a browser another member used is taken over: one device, one member). */
    async subscribe(row: { memberId: string; endpoint: string; p256dh: string; auth: string; lang: LineLang }, now: Date) {
      const values = { member_id: row.memberId, p256dh: row.p256dh, auth: row.auth, lang: row.lang };
      return db
        .insertInto('push_subscriptions')
        .values({ id: uuidV7(now), endpoint: row.endpoint, created_at: now, ...values })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    ofMember(memberId: string) {
      return db.selectFrom('push_subscriptions').selectAll().where('member_id', '=', memberId).orderBy('created_at').execute();
    },

    async setKinds(memberId: string, endpoint: string, kinds: Partial<PushKinds>, lang?: LineLang): Promise<boolean> {
      const set = {
        ...(lang ? { lang } : {}),
        ...(kinds.deposit === undefined ? {} : { notify_deposit: kinds.deposit }),
        ...(kinds.withdrawal === undefined ? {} : { notify_withdrawal: kinds.withdrawal }),
        ...(kinds.chat === undefined ? {} : { notify_chat: kinds.chat }),
        ...(kinds.bonus === undefined ? {} : { notify_bonus: kinds.bonus }),
      };
      if (Object.keys(set).length === 0) return true;
      const res = await db
        .updateTable('push_subscriptions')
        .set(set)
        .where('member_id', '=', memberId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    async unsubscribe(memberId: string, endpoint: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('member_id', '=', memberId).where('endpoint', '=', endpoint).execute();
    },

    /** The push service said the subscription is gone (404, 410): it and its notices go. */
    async drop(subscriptionId: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
    },

    async enqueue(notices: NewPushNotice[], now: Date): Promise<number> {
      if (notices.length === 0) return 0;
      const rows = notices.map((n) => ({
        id: uuidV7(now),
        dedupe_key: n.dedupeKey,
        subscription_id: n.subscriptionId,
        kind: n.kind,
        params: JSON.stringify(n.params),
        status: 'pending' as const,
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        sent_at: null,
      }));
      const inserted = await db
        .insertInto('push_outbox')
        .values(rows)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .execute();
      return inserted.length;
    },

    /** Claims due notices for this node (SKIP LOCKED: two nodes never take one row); a node that dies leaves it for after the lease. */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<PushNotice[]> {
      const claimed = await db
        .updateTable('push_outbox')
        .set({ next_attempt_at: new Date(now.getTime() + leaseMs), attempts: sql`attempts + 1` })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('push_outbox')
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
      if (claimed.length === 0) return [];
      const subs = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth', 'lang'])
        .where(
          'id',
          'in',
          claimed.map((c) => c.subscription_id),
        )
        .execute();
      const byId = new Map(subs.map((s) => [s.id, s]));
      return claimed.flatMap((c) => {
        const sub = byId.get(c.subscription_id);
        return sub ? [{ ...c, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, lang: sub.lang }] : [];
      });
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db.updateTable('push_outbox').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', id).execute();
    },

    async markRetry(id: string, nextAt: Date, error: string): Promise<void> {
      await db
        .updateTable('push_outbox')
        .set({ next_attempt_at: nextAt, last_error: error })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db.updateTable('push_outbox').set({ status: 'failed', last_error: error }).where('id', '=', id).execute();
    },

    /** A feed's cursor; a feed read for the first time starts now (no notices for what happened before). */
    async cursor(feed: string, fallback: { at: Date; id: bigint }): Promise<{ at: Date; id: bigint }> {
      await db
        .insertInto('push_feed_cursors')
        .values({ feed, read_to: fallback.at, read_id: fallback.id })
        .onConflict((oc) => oc.column('feed').doNothing())
        .execute();
      const row = await db.selectFrom('push_feed_cursors').selectAll().where('feed', '=', feed).executeTakeFirstOrThrow();
      return { at: row.read_to, id: BigInt(row.read_id) };
    },

    /** Moves a feed's cursor forward only (two nodes reading at once never move it back). */
    async advance(feed: string, to: { at?: Date; id?: bigint }): Promise<void> {
      if (to.at)
        await db.updateTable('push_feed_cursors').set({ read_to: to.at }).where('feed', '=', feed).where('read_to', '<', to.at).execute();
      if (to.id !== undefined)
        await db.updateTable('push_feed_cursors').set({ read_id: to.id }).where('feed', '=', feed).where('read_id', '<', to.id).execute();
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
