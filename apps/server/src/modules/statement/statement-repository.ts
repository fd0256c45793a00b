import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type StatementRow = {
  source: 'transfer' | 'entry';
  id: string;
  /** transfer: to_game | from_game; entry: the journal entry kind. */
  kind: string;
  game_code: string | null;
  status: string;
  amount: bigint;
  memo: string | null;
  created_at: Date;
};

/**
 * Journal entry kinds on a member's wallet that the statement shows (kind
 * prefix -> statement type). Transfers are not here: they come from the
 * transfers table, with their status. Later features post these kinds.
 */
export const STATEMENT_ENTRY_KINDS = ['deposit.%', 'bonus.%', 'withdraw.%'] as const;

/**
 * A member's statement lines, newest first, from two indexed sources: the
 * transfers (transfers_member_created) and the postings on the member's wallet
 * (postings_account_id) whose entry kind the statement shows. Kysely stays here.
 */
export function createStatementRepository(db: Kysely<DB>) {
  const walletPostings = (memberId: string) => sql`
    select 'entry' as source, e.id::text as id, e.kind, null::text as game_code, 'SUCCESS' as status,
           p.amount, nullif(e.memo, '') as memo, e.created_at
    from ledger_accounts a
    join postings p on p.account_id = a.id
    join journal_entries e on e.id = p.entry_id
    where a.owner_id = ${memberId} and a.kind = 'wallet'
      and (${sql.join(STATEMENT_ENTRY_KINDS.map((k) => sql`e.kind like ${k}`), sql` or `)})`;
  const transfers = (memberId: string) => sql`
    select 'transfer' as source, t.id::text as id, t.direction as kind, t.game_code, t.status,
           case when t.direction = 'to_game' then -t.amount else t.amount end as amount, null::text as memo, t.created_at
    from transfers t
    where t.member_id = ${memberId}`;

  return {
    async page(memberId: string, offset: number, limit: number): Promise<StatementRow[]> {
      const result = await sql<StatementRow>`
        ${transfers(memberId)}
        union all
        ${walletPostings(memberId)}
        order by created_at desc, id desc
        limit ${limit} offset ${offset}`.execute(db);
      return result.rows;
    },

    async count(memberId: string): Promise<number> {
      const result = await sql<{ total: number }>`
        select ((select count(*) from (${transfers(memberId)}) t) + (select count(*) from (${walletPostings(memberId)}) w))::int as total`.execute(db);
      return result.rows[0]?.total ?? 0;
    },
  };
}

export type StatementRepository = ReturnType<typeof createStatementRepository>;
