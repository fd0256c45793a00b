import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Kysely stays here (docs/engineering.md, "House rules"): what a credited deposit changes besides the ledger. */
export function createDepositRepository(db: Kysely<DB>) {
  return {
    /** Spin coins earned by a deposit; `db` is the crediting transaction, so coins and money commit together. */
    async addCoins(memberId: string, coins: number): Promise<void> {
      if (coins <= 0) return;
      await db
        .updateTable('members')
        .set({ coin: sql`coin + ${coins}` })
        .where('id', '=', memberId)
        .execute();
    },
    async memberForDeposit(memberId: string) {
      return db
        .selectFrom('members')
        .select(['id', 'currency', 'bank_code', 'bank_account_no', 'bank_account_name', 'phone'])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },
  };
}
