import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { SenderAccount } from '../adapters/bank/simulator/bank-pages.ts';

/** How many members the sandbox bank offers as senders: the newest, enough for a person trying the site. */
const OFFERED = 50;

/**
 * The registered bank accounts of the newest members, for the sandbox bank's
 * "send from a member's account" choice: a person trying an automatic deposit
 * pays from the account the site knows, without copying its number.
 */
export function memberBankAccounts(db: Kysely<DB>): () => Promise<SenderAccount[]> {
  return async () => {
    const rows = await db
      .selectFrom('members')
      .select(['phone', 'bank_code', 'bank_account_no', 'bank_account_name'])
      .orderBy('created_at', 'desc')
      .limit(OFFERED)
      .execute();
    return rows.map((row) => ({ phone: row.phone, bank: row.bank_code, account: row.bank_account_no, name: row.bank_account_name }));
  };
}
