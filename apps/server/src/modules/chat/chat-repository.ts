import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ChatConversationsTable, ChatMediaTable, ChatStatus } from '../../db/tables/chat.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MediaRow = Selectable<ChatMediaTable>;
export type MessageRow = {
  id: string;
  conversation_id: string;
  seq: number;
  sender: 'customer' | 'other';
  agent_id: string | null;
  message: unknown;
  username: string | null;
  name: string | null;
  device_token: string | null;
  session_id: string | null;
  created_at: Date;
};
export type NewMessage = Omit<MessageRow, 'id' | 'conversation_id' | 'seq' | 'created_at'> & { client_id: string | null };
export type Owner = { memberId: string } | { guestId: string };

const MESSAGE_COLUMNS = [
  sql<string>`id::text`.as('id'),
  'conversation_id',
  'seq',
  'sender',
  'agent_id',
  'message',
  'username',
  'name',
  'device_token',
  'session_id',
  'created_at',
] as const;

/** Kysely stays here (docs/engineering.md, "House rules"): conversations, messages and media of the chat. */
export function createChatRepository(db: Kysely<DB>) {
  const messages = (q: Kysely<DB> | Transaction<DB>) => q.selectFrom('chat_messages').select(MESSAGE_COLUMNS);

  return {
    async findByOwner(owner: Owner): Promise<ConversationRow | undefined> {
      const q = db.selectFrom('chat_conversations').selectAll();
      return ('memberId' in owner ? q.where('member_id', '=', owner.memberId) : q.where('guest_id', '=', owner.guestId)).executeTakeFirst();
    },

    findById(id: string): Promise<ConversationRow | undefined> {
      return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The owner's conversation, created on first use (a concurrent first use finds the winner's row). */
    async ensure(owner: Owner, now: Date): Promise<ConversationRow> {
      const values = {
        id: uuidV7(now),
        member_id: 'memberId' in owner ? owner.memberId : null,
        guest_id: 'guestId' in owner ? owner.guestId : null,
        created_at: now,
        updated_at: now,
      };
      await db
        .insertInto('chat_conversations')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await this.findByOwner(owner);
      if (!row) throw new Error('chat conversation vanished after insert');
      return row;
    },

    /**
     * Appends a message as the conversation's next seq, in one transaction under
     * the conversation's row lock (so seqs have no gaps and no twins). A message
     * whose client_id was already stored answers the stored one instead.
     */
    async append(
      conversationId: string,
      message: NewMessage,
      now: Date,
    ): Promise<{ row: MessageRow; conversation: ConversationRow; duplicate: boolean }> {
      return db.transaction().execute(async (tx) => {
        await tx.selectFrom('chat_conversations').select('id').where('id', '=', conversationId).forUpdate().executeTakeFirstOrThrow();
        if (message.client_id) {
          const existing = await messages(tx)
            .where('conversation_id', '=', conversationId)
            .where('client_id', '=', message.client_id)
            .executeTakeFirst();
          if (existing) {
            const conversation = await tx
              .selectFrom('chat_conversations')
              .selectAll()
              .where('id', '=', conversationId)
              .executeTakeFirstOrThrow();
            return { row: existing, conversation, duplicate: true };
          }
        }
        const fromCustomer = message.sender === 'customer';
        const conversation = await tx
          .updateTable('chat_conversations')
          .set((eb) => ({
            last_seq: eb('last_seq', '+', 1),
            last_message_at: now,
            updated_at: now,
            ...(fromCustomer
              ? {
                  status: 'open',
                  waiting_since: sql<Date>`coalesce(waiting_since, ${now})`,
                  first_customer_at: sql<Date>`coalesce(first_customer_at, ${now})`,
                  customer_read_seq: sql<number>`last_seq + 1`,
                }
              : {
                  status: 'pending',
                  waiting_since: null,
                  first_reply_at: sql<Date | null>`case when first_customer_at is null then first_reply_at else coalesce(first_reply_at, ${now}) end`,
                  agent_read_seq: sql<number>`last_seq + 1`,
                }),
          }))
          .where('id', '=', conversationId)
          .returningAll()
          .executeTakeFirstOrThrow();
        const row = await tx
          .insertInto('chat_messages')
          .values({
            conversation_id: conversationId,
            seq: conversation.last_seq,
            sender: message.sender,
            agent_id: message.agent_id,
            message: JSON.stringify(message.message),
            username: message.username,
            name: message.name,
            device_token: message.device_token,
            session_id: message.session_id,
            client_id: message.client_id,
            created_at: now,
          })
          .returning(MESSAGE_COLUMNS)
          .executeTakeFirstOrThrow();
        return { row: row, conversation, duplicate: false };
      });
    },

    /** A page of messages, oldest first: newest `limit` before `beforeSeq` (after skipping `skip`), or those after `afterSeq`. */
    async page(
      conversationId: string,
      page: { limit: number; skip?: number; beforeSeq?: number; afterSeq?: number },
    ): Promise<MessageRow[]> {
      let q = messages(db).where('conversation_id', '=', conversationId);
      if (page.afterSeq !== undefined) {
        const rows = await q.where('seq', '>', page.afterSeq).orderBy('seq', 'asc').limit(page.limit).execute();
        return rows;
      }
      if (page.beforeSeq !== undefined) q = q.where('seq', '<', page.beforeSeq);
      const rows = await q
        .orderBy('seq', 'desc')
        .limit(page.limit)
        .offset(page.skip ?? 0)
        .execute();
      return (rows as MessageRow[]).reverse();
    },

    async markCustomerRead(conversationId: string, now: Date): Promise<ConversationRow | undefined> {
      return db
        .updateTable('chat_conversations')
        .set({ customer_read_seq: sql<number>`last_seq`, updated_at: now })
        .where('id', '=', conversationId)
        .returningAll()
        .executeTakeFirst();
    },

    /** Agents read up to seq (never past the last message, never backwards). */
    async markAgentRead(conversationId: string, seq: number, now: Date): Promise<ConversationRow | undefined> {
      return db
        .updateTable('chat_conversations')
        .set({ agent_read_seq: sql<number>`least(last_seq, greatest(agent_read_seq, ${seq}))`, updated_at: now })
        .where('id', '=', conversationId)
        .returningAll()
        .executeTakeFirst();
    },

    async update(
      conversationId: string,
      fields: { status?: ChatStatus; assigned_agent_id?: string | null },
      now: Date,
    ): Promise<ConversationRow | undefined> {
      const set = { ...fields, updated_at: now, ...(fields.status === 'resolved' ? { waiting_since: null } : {}) };
      return db.updateTable('chat_conversations').set(set).where('id', '=', conversationId).returningAll().executeTakeFirst();
    },

    /** The agents' queue: longest waiting first, then the most recent; each with its last message and unread count. */
    async list(filter: { status?: ChatStatus | undefined; limit: number; offset: number }) {
      let q = db
        .selectFrom('chat_conversations as c')
        .leftJoin('members as m', 'm.id', 'c.member_id')
        .selectAll('c')
        .select(['m.name as member_name', 'm.phone as member_phone'])
        .select((eb) =>
          eb
            .selectFrom('chat_messages as u')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('u.conversation_id', '=', 'c.id')
            .where('u.sender', '=', 'customer')
            .whereRef('u.seq', '>', 'c.agent_read_seq')
            .as('unread'),
        )
        .where('c.last_seq', '>', 0);
      if (filter.status) q = q.where('c.status', '=', filter.status);
      const rows = await q
        .orderBy(sql`c.waiting_since asc nulls last`)
        .orderBy(sql`c.last_message_at desc nulls last`)
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const lasts = rows.length === 0 ? [] : await this.lastMessages(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, unread: Number(r.unread ?? 0), last: lasts.find((m) => m.conversation_id === r.id) ?? null }));
    },

    async lastMessages(conversationIds: string[]): Promise<MessageRow[]> {
      const rows = await messages(db)
        .where(
          sql<boolean>`(conversation_id, seq) in (select id, last_seq from chat_conversations where id in (${sql.join(conversationIds)}))`,
        )
        .execute();
      return rows;
    },

    async ownerNames(conversation: ConversationRow): Promise<{ name: string | null; username: string | null }> {
      if (!conversation.member_id) return { name: null, username: null };
      const m = await db.selectFrom('members').select(['name', 'phone']).where('id', '=', conversation.member_id).executeTakeFirst();
      return { name: m?.name ?? null, username: m?.phone ?? null };
    },

    async unreadByAgents(conversation: ConversationRow): Promise<number> {
      const row = await db
        .selectFrom('chat_messages')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('conversation_id', '=', conversation.id)
        .where('sender', '=', 'customer')
        .where('seq', '>', conversation.agent_read_seq)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async addMedia(media: MediaRow): Promise<void> {
      await db.insertInto('chat_media').values(media).execute();
    },

    findMedia(key: string): Promise<MediaRow | undefined> {
      return db.selectFrom('chat_media').selectAll().where('key', '=', key).executeTakeFirst();
    },

    /** Media keys of these that belong to the conversation. */
    async mediaOf(conversationId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('chat_media')
        .select('key')
        .where('conversation_id', '=', conversationId)
        .where('key', 'in', keys)
        .execute();
      return new Set(rows.map((r) => r.key));
    },

    /** The member beside a conversation: profile, wallet balance and the last deposits credited. */
    async memberSummary(memberId: string, deposits: number) {
      const member = await db
        .selectFrom('members')
        .select(['id', 'name', 'phone', 'currency', 'status', 'created_at'])
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member) return undefined;
      const wallet = await db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('owner_id', '=', memberId)
        .where('kind', '=', 'wallet')
        .executeTakeFirst();
      const rows = await sql<{ kind: string; amount: bigint | string; created_at: Date }>`
        select e.kind, p.amount, e.created_at
        from ledger_accounts a
        join postings p on p.account_id = a.id
        join journal_entries e on e.id = p.entry_id
        where a.owner_id = ${memberId} and a.kind = 'wallet' and e.kind like 'deposit.%' and p.amount > 0
        order by e.created_at desc, e.id desc
        limit ${deposits}`.execute(db);
      return { member, balance: BigInt(wallet?.balance ?? 0n), deposits: rows.rows.map((r) => ({ ...r, amount: BigInt(r.amount) })) };
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
