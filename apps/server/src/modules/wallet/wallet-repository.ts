import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Reads behind the wallet summary and refresh/slot (Kysely stays here). Only
 * ledger/ writes balances; this file only reads them.
 */
export function createWalletRepository(db: Kysely<DB>) {
  return {
    /** The member's game accounts in the ledger: code -> cached provider balance and account id. */
    async gameAccounts(memberId: string): Promise<Map<string, { id: bigint; balance: bigint }>> {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['id', 'code', 'balance'])
        .where('owner_id', '=', memberId)
        .where('kind', '=', 'game')
        .execute();
      return new Map(rows.map((r) => [r.code, { id: r.id, balance: r.balance }]));
    },

    /** The newest posting of each account: a change marker (refresh/slot skips a game that moved meanwhile). */
    async lastPostings(accountIds: bigint[]): Promise<Map<bigint, bigint>> {
      if (accountIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('postings')
        .select(['account_id', (eb) => eb.fn.max('id').as('last')])
        .where('account_id', 'in', accountIds)
        .groupBy('account_id')
        .execute();
      return new Map(rows.map((r) => [r.account_id, BigInt(r.last)]));
    },

    /**
     * Invitees of the member: those with at least one deposit line on their
     * statement (a deposit.* entry on their wallet) and those without. One
     * index probe per invitee (statement_lines_deposit_idx), whatever their history.
     */
    async inviteCounts(memberId: string): Promise<{ success: number; fail: number }> {
      const row = await sql<{ success: number; total: number }>`
        select count(*) filter (where exists (
                 select 1 from statement_lines l where l.member_id = m.id and l.statement_type = 'deposit'
               ))::int as success,
               count(*)::int as total
        from members m
        where m.invited_by = ${memberId}`
        .execute(db)
        .then((r) => r.rows[0]);
      const success = row?.success ?? 0;
      return { success, fail: (row?.total ?? 0) - success };
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
