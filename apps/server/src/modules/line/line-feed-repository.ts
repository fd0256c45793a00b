import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LineLang } from '../../db/tables/line.ts';

type Window = { from: Date; to: Date };
export type MemberEvent = { key: string; lineUserId: string; lang: LineLang; amount: bigint; currency: string };

/**
 * The events LINE notices are made of, read from the tables the features
 * already write (Kysely stays here): nothing in those features changes to
 * notify, and a notice is never sent from a request's path.
 */
export function createLineFeedRepository(db: Kysely<DB>) {
  return {
    async maxEntryId(): Promise<bigint> {
      const row = await db
        .selectFrom('journal_entries')
        .select(sql<string>`coalesce(max(id), 0)`.as('id'))
        .executeTakeFirstOrThrow();
      return BigInt(row.id);
    },

    /** Deposits credited to linked members who want them, by ledger entry id after `afterId`. */
    async deposits(afterId: bigint, limit: number): Promise<(MemberEvent & { entryId: bigint })[]> {
      const rows = await db
        .selectFrom('journal_entries as e')
        .innerJoin('postings as p', 'p.entry_id', 'e.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .innerJoin('line_links as l', 'l.member_id', 'a.owner_id')
        .select(['e.id', 'p.amount', 'a.currency', 'l.line_user_id', 'l.lang'])
        .where('e.id', '>', afterId)
        .where('e.kind', 'like', 'deposit.%')
        .where('a.kind', '=', 'wallet')
        .where('p.amount', '>', 0n)
        .where('l.notify_deposit', '=', true)
        .orderBy('e.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        key: `deposit:${r.id}`,
        entryId: BigInt(r.id),
        lineUserId: r.line_user_id,
        lang: r.lang,
        amount: BigInt(r.amount),
        currency: r.currency,
      }));
    },

    /** Withdrawals paid out in the window, to linked members who want them. */
    async withdrawalsPaid(w: Window): Promise<MemberEvent[]> {
      const rows = await db
        .selectFrom('withdrawals as w')
        .innerJoin('line_links as l', 'l.member_id', 'w.member_id')
        .select(['w.id', 'w.amount', 'w.currency', 'l.line_user_id', 'l.lang'])
        .where('w.status', '=', 'success')
        .where('w.updated_at', '>', w.from)
        .where('w.updated_at', '<=', w.to)
        .where('l.notify_withdrawal', '=', true)
        .execute();
      return rows.map((r) => ({
        key: `withdrawal:${r.id}`,
        lineUserId: r.line_user_id,
        lang: r.lang,
        amount: BigInt(r.amount),
        currency: r.currency,
      }));
    },

    /** Support's replies in the window, to linked members who want them (one notice per conversation and minute at most). */
    async chatReplies(w: Window): Promise<{ key: string; lineUserId: string; lang: LineLang }[]> {
      const rows = await db
        .selectFrom('chat_messages as m')
        .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('line_links as l', 'l.member_id', 'c.member_id')
        .select(['c.id', 'm.created_at', 'l.line_user_id', 'l.lang'])
        .where('m.sender', '=', 'other')
        .where('m.created_at', '>', w.from)
        .where('m.created_at', '<=', w.to)
        .where('l.notify_chat', '=', true)
        .execute();
      return rows.map((r) => ({
        key: `chat:${r.id}:${Math.floor(r.created_at.getTime() / 60_000)}`,
        lineUserId: r.line_user_id,
        lang: r.lang,
      }));
    },

    /** Withdrawals an operator proposed that wait for a second operator. */
    async fourEyesWaiting(w: Window): Promise<{ key: string; amount: bigint; currency: string }[]> {
      const rows = await db
        .selectFrom('withdrawal_approvals as a')
        .innerJoin('withdrawals as w', 'w.id', 'a.withdrawal_id')
        .select(['a.id', 'w.amount', 'w.currency'])
        .where('a.status', '=', 'pending')
        .where('a.proposed_at', '>', w.from)
        .where('a.proposed_at', '<=', w.to)
        .execute();
      return rows.map((r) => ({ key: `four-eyes:${r.id}`, amount: BigInt(r.amount), currency: r.currency }));
    },

    /** Payouts whose outcome at the bank stayed unknown long enough to be held for a person. */
    async payoutsHeld(w: Window): Promise<{ key: string; amount: bigint; currency: string }[]> {
      const rows = await db
        .selectFrom('withdrawals')
        .select(['id', 'amount', 'currency'])
        .where('held_at', '>', w.from)
        .where('held_at', '<=', w.to)
        .execute();
      return rows.map((r) => ({ key: `held:${r.id}`, amount: BigInt(r.amount), currency: r.currency }));
    },

    /** Incoming transfers no member could be matched to (docs/auto-deposit.md). */
    async unmatchedDeposits(w: Window): Promise<{ key: string; amount: bigint; currency: string }[]> {
      const rows = await db
        .selectFrom('incoming_deposits')
        .select(['id', 'amount', 'currency'])
        .where('status', 'in', ['unmatched', 'unparsed'])
        .where('received_at', '>', w.from)
        .where('received_at', '<=', w.to)
        .execute();
      return rows.map((r) => ({ key: `unmatched:${r.id}`, amount: r.amount === null ? 0n : BigInt(r.amount), currency: r.currency }));
    },
  };
}
