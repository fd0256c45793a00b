import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Window = { from: Date; to: Date };
export type SubscriberEvent = { key: string; subscriptionId: string; amount?: bigint; currency?: string; code?: string };

/**
 * The events push notices are made of, for the subscriptions that want each kind, read from the tables
 * the features already write (the same events LINE's feed reads: docs/operations.md, "LINE").
 */
export function createPushFeedRepository(db: Kysely<DB>) {
  return {
    async maxEntryId(): Promise<bigint> {
      const row = await db
        .selectFrom('journal_entries')
        .select(sql<string>`coalesce(max(id), 0)`.as('id'))
        .executeTakeFirstOrThrow();
      return BigInt(row.id);
    },

    /** Deposits credited to a wallet after `afterId` (ledger entry ids), one event per subscription that wants them. */
    async deposits(afterId: bigint, limit: number): Promise<(SubscriberEvent & { entryId: bigint })[]> {
      const rows = await db
        .selectFrom('journal_entries as e')
        .innerJoin('postings as p', 'p.entry_id', 'e.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .innerJoin('push_subscriptions as s', 's.member_id', 'a.owner_id')
        .select(['e.id', 'p.amount', 'a.currency', 's.id as subscriptionId'])
        .where('e.id', '>', afterId)
        .where('e.kind', 'like', 'deposit.%')
        .where('a.kind', '=', 'wallet')
        .where('p.amount', '>', 0n)
        .where('s.notify_deposit', '=', true)
        .orderBy('e.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        key: `deposit:${r.id}:${r.subscriptionId}`,
        entryId: BigInt(r.id),
        subscriptionId: r.subscriptionId,
        amount: BigInt(r.amount),
        currency: r.currency,
      }));
    },

    async withdrawalsPaid(w: Window): Promise<SubscriberEvent[]> {
      const rows = await db
        .selectFrom('withdrawals as w')
        .innerJoin('push_subscriptions as s', 's.member_id', 'w.member_id')
        .select(['w.id', 'w.amount', 'w.currency', 's.id as subscriptionId'])
        .where('w.status', '=', 'success')
        .where('w.updated_at', '>', w.from)
        .where('w.updated_at', '<=', w.to)
        .where('s.notify_withdrawal', '=', true)
        .execute();
      return rows.map((r) => ({
        key: `withdrawal:${r.id}:${r.subscriptionId}`,
        subscriptionId: r.subscriptionId,
        amount: BigInt(r.amount),
        currency: r.currency,
      }));
    },

    /**
     * Active bonuses ending within `within` of `now`, one notice per bonus and subscription; a member on a
     * break gets none (docs/player-care.md, "Breaks": no offers while excluded).
     */
    async bonusesEnding(now: Date, withinMs: number): Promise<SubscriberEvent[]> {
      const rows = await db
        .selectFrom('member_bonuses as b')
        .innerJoin('push_subscriptions as s', 's.member_id', 'b.member_id')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .select(['b.id', 'b.code', 's.id as subscriptionId'])
        .where('b.status', '=', 'active')
        .where('b.expires_at', '>', now)
        .where('b.expires_at', '<=', new Date(now.getTime() + withinMs))
        .where('s.notify_bonus', '=', true)
        .where((eb) => eb.or([eb('m.break_kind', 'is', null), eb('m.break_ends_at', '<=', now)]))
        .execute();
      return rows.map((r) => ({ key: `bonus-ending:${r.id}:${r.subscriptionId}`, subscriptionId: r.subscriptionId, code: r.code }));
    },

    /** Support's replies, one notice per conversation, minute and subscription at most. */
    async chatReplies(w: Window): Promise<SubscriberEvent[]> {
      const rows = await db
        .selectFrom('chat_messages as m')
        .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('push_subscriptions as s', 's.member_id', 'c.member_id')
        .select(['c.id', 'm.created_at', 's.id as subscriptionId'])
        .where('m.sender', '=', 'other')
        .where('m.created_at', '>', w.from)
        .where('m.created_at', '<=', w.to)
        .where('s.notify_chat', '=', true)
        .execute();
      return rows.map((r) => ({
        key: `chat:${r.id}:${Math.floor(r.created_at.getTime() / 60_000)}:${r.subscriptionId}`,
        subscriptionId: r.subscriptionId,
      }));
    },
  };
}
