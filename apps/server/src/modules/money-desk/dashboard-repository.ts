import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { siteDaySql } from '../../db/site-day-sql.ts';

export type Bucket = { day: string; currency: 'THB' | 'LAK'; n: string | number; amount: string | number | bigint | null };

/** The site day of a timestamp column, in SQL both engines run (no time-zone database needed). */
const dayOf = (column: string) => sql<string>`${sql.raw(siteDaySql(column))}`;

/** Kysely stays here (docs/engineering.md, "House rules"): the dashboard's counts. */
export function createDashboardRepository(db: Kysely<DB>) {
  return {
    /** Money into member wallets by deposit entries (deposit.*), per day and currency. */
    deposits: (since: Date): Promise<Bucket[]> =>
      db
        .selectFrom('journal_entries as e')
        .innerJoin('postings as p', 'p.entry_id', 'e.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .where('e.created_at', '>=', since)
        .where('e.kind', 'like', 'deposit.%')
        .where('a.kind', '=', 'wallet')
        .select([
          dayOf('e.created_at').as('day'),
          'a.currency',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.sum<string>('p.amount').as('amount'),
        ])
        .groupBy([dayOf('e.created_at'), 'a.currency'])
        .execute(),
    withdrawals: (since: Date): Promise<Bucket[]> =>
      db
        .selectFrom('withdrawals')
        .where('created_at', '>=', since)
        .select([
          dayOf('created_at').as('day'),
          'currency',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.sum<string>('amount').as('amount'),
        ])
        .groupBy([dayOf('created_at'), 'currency'])
        .execute(),
    /** Paid: settled `success`; its last update is when the bank's answer arrived. */
    paid: (since: Date): Promise<Bucket[]> =>
      db
        .selectFrom('withdrawals')
        .where('status', '=', 'success')
        .where('updated_at', '>=', since)
        .select([
          dayOf('updated_at').as('day'),
          'currency',
          (eb) => eb.fn.countAll<string>().as('n'),
          (eb) => eb.fn.sum<string>('amount').as('amount'),
        ])
        .groupBy([dayOf('updated_at'), 'currency'])
        .execute(),
    newMembers: (since: Date) =>
      db
        .selectFrom('members')
        .where('created_at', '>=', since)
        .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy(dayOf('created_at'))
        .execute(),
    /** Members whose first deposit line is in the window: a deposit line since then, and none before. */
    firstDeposits: (since: Date) =>
      db
        .selectFrom(
          db
            .selectFrom('statement_lines as l')
            .where('l.statement_type', '=', 'deposit')
            .where('l.created_at', '>=', since)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('statement_lines as b')
                    .select('b.seq')
                    .whereRef('b.member_id', '=', 'l.member_id')
                    .where('b.statement_type', '=', 'deposit')
                    .where('b.created_at', '<', since),
                ),
              ),
            )
            .select(['l.member_id', (eb) => eb.fn.min('l.created_at').as('first_at')])
            .groupBy('l.member_id')
            .as('f'),
        )
        .select([dayOf('f.first_at').as('day'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy(dayOf('f.first_at'))
        .execute(),
    async counts() {
      const count = async (table: 'withdrawals' | 'withdrawal_approvals' | 'deposit_notices' | 'transfers', status: string) => {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', status as never)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const review = await count('withdrawals', 'review');
      const proposals = await count('withdrawal_approvals', 'pending');
      const notices = await count('deposit_notices', 'processing');
      const pendingTransfers = await count('transfers', 'PENDING');
      const oldest = await db
        .selectFrom('transfers')
        .select((eb) => eb.fn.min('created_at').as('at'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return { review, proposals, notices, pendingTransfers, oldestPendingAt: (oldest?.at as Date | string | null | undefined) ?? null };
    },
  };
}
