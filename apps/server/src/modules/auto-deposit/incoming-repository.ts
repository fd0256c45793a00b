import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { pageWithTotal } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { IncomingDepositsTable, IncomingStatus } from '../../db/tables/incoming-deposits.ts';

export type IncomingLineRow = Selectable<IncomingDepositsTable>;
export type CandidateMember = {
  id: string;
  phone: string;
  name: string;
  status: string;
  bank_account_name: string;
  bank_account_no: string;
  bank_changed_at: Date | null;
};

/** Statuses an operator still has to act on (the unmatched deposits queue). */
export const QUEUE_STATUSES: IncomingStatus[] = ['unmatched', 'unparsed', 'proposed'];

/** Kysely stays here (docs/engineering.md, "House rules"): incoming deposit lines (docs/auto-deposit.md). */
export function createIncomingRepository(db: Kysely<DB>) {
  return {
    /** Stores a line once per bank reference of the site account: undefined when that reference is already stored. */
    insertOnce(line: Insertable<IncomingDepositsTable>): Promise<IncomingLineRow | undefined> {
      return db
        .insertInto('incoming_deposits')
        .values(line)
        .onConflict((oc) => oc.columns(['site_bank', 'site_account', 'bank_ref']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    byRef(siteBank: string, siteAccount: string, bankRef: string): Promise<IncomingLineRow | undefined> {
      return db
        .selectFrom('incoming_deposits')
        .selectAll()
        .where('site_bank', '=', siteBank)
        .where('site_account', '=', siteAccount)
        .where('bank_ref', '=', bankRef)
        .executeTakeFirst();
    },
    byId: (id: string) => db.selectFrom('incoming_deposits').selectAll().where('id', '=', id).executeTakeFirst(),
    lock: (id: string) => db.selectFrom('incoming_deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** Serializes decisions on lines of one amount to one site account (the cross-source pairing), until the transaction ends. */
    async lockAmount(siteBank: string, siteAccount: string, amount: bigint): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`incoming:${siteBank}-${siteAccount}:${amount}`}, 0))`.execute(db);
    },

    /**
     * The same transfer seen from the other source: a line of the other source to the
     * same account, same amount, within `windowMs`, whose sender digits agree, and that
     * no other line was paired with yet.
     */
    async findPair(line: IncomingLineRow, windowMs: number): Promise<IncomingLineRow[]> {
      if (line.amount === null || line.occurred_at === null) return [];
      const from = new Date(line.occurred_at.getTime() - windowMs);
      const to = new Date(line.occurred_at.getTime() + windowMs);
      return db
        .selectFrom('incoming_deposits as i')
        .selectAll('i')
        .where('i.site_bank', '=', line.site_bank)
        .where('i.site_account', '=', line.site_account)
        .where('i.amount', '=', line.amount)
        .where('i.source', '<>', line.source)
        .where('i.status', '<>', 'duplicate')
        .where('i.occurred_at', '>=', from)
        .where('i.occurred_at', '<=', to)
        .where('i.id', '<>', line.id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('incoming_deposits as d').select('d.id').whereRef('d.duplicate_of', '=', 'i.id'))))
        .orderBy('i.occurred_at')
        .limit(10)
        .execute();
    },

    /** Members of one currency on one bank whose account number fits the LIKE pattern. */
    candidates(currency: 'THB' | 'LAK', bankCode: string, pattern: string): Promise<CandidateMember[]> {
      return db
        .selectFrom('members')
        .select(['id', 'phone', 'name', 'status', 'bank_account_name', 'bank_account_no', 'bank_changed_at'])
        .where('bank_code', '=', bankCode)
        .where('currency', '=', currency)
        .where('bank_account_no', 'like', pattern)
        .limit(20)
        .execute();
    },
    memberOrNone(id: string): Promise<(CandidateMember & { currency: string }) | undefined> {
      return db
        .selectFrom('members')
        .select(['id', 'phone', 'name', 'status', 'bank_account_name', 'bank_account_no', 'bank_changed_at', 'currency'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async isBlacklisted(bankCode: string, bankAccountNo: string): Promise<boolean> {
      const row = await db
        .selectFrom('bank_blacklist')
        .select('id')
        .where('bank_account_no', '=', bankAccountNo)
        .where((eb) => eb.or([eb('bank_code', 'is', null), eb('bank_code', '=', bankCode)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    update(id: string, fields: Partial<Omit<IncomingLineRow, 'id'>>): Promise<IncomingLineRow> {
      return db.updateTable('incoming_deposits').set(fields).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    /** The queue, oldest first; or decided lines, newest first. */
    async list(filter: { status: 'queue' | 'all'; limit: number; offset: number }): Promise<{ rows: IncomingLineRow[]; total: number }> {
      const scoped = () =>
        filter.status === 'queue'
          ? db.selectFrom('incoming_deposits').where('status', 'in', QUEUE_STATUSES)
          : db.selectFrom('incoming_deposits');
      const queue = filter.status === 'queue';
      return pageWithTotal(
        scoped,
        (q) =>
          q
            .selectAll()
            .orderBy('received_at', queue ? 'asc' : 'desc')
            .orderBy('id', queue ? 'asc' : 'desc'),
        filter,
      );
    },
    /** The queue's size and the age of its oldest line (metrics). */
    async queueFigures(): Promise<{ size: number; oldest: Date | null; unparsed: number }> {
      const row = await db
        .selectFrom('incoming_deposits')
        .select((eb) => [
          eb.fn.countAll<string>().as('n'),
          eb.fn.min('received_at').as('oldest'),
          sql<string>`count(*) filter (where status = 'unparsed')`.as('unparsed'),
        ])
        .where('status', 'in', QUEUE_STATUSES)
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? null : new Date(row.oldest);
      return { size: Number(row.n), oldest, unparsed: Number(row.unparsed) };
    },
  };
}
export type IncomingRepository = ReturnType<typeof createIncomingRepository>;
