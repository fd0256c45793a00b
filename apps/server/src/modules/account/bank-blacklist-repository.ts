import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';

/**
 * The bank-account blacklist (docs/operators.md, "Bank-account blacklist"):
 * an entry names an account number on one bank, or on any bank (bank_code
 * null). A listed account cannot register or be set on a profile
 * (INVALID_BANK, not EXISTING_BANK: the member must not learn the account is
 * listed), and a payout to it is held for review. Kysely stays here.
 */
export function createBankBlacklist(db: Kysely<DB>) {
  return {
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
    list: () => db.selectFrom('bank_blacklist').selectAll().orderBy('created_at', 'desc').limit(1000).execute(),
    byId: (id: string) => db.selectFrom('bank_blacklist').selectAll().where('id', '=', id).executeTakeFirst(),
    /** False when the same entry exists already. */
    async add(entry: {
      id: string;
      bankCode: string | null;
      bankAccountNo: string;
      reason: string;
      createdBy: string;
      now: Date;
    }): Promise<boolean> {
      try {
        await db
          .insertInto('bank_blacklist')
          .values({
            id: entry.id,
            bank_code: entry.bankCode,
            bank_account_no: entry.bankAccountNo,
            reason: entry.reason,
            created_by: entry.createdBy,
            created_at: entry.now,
          })
          .execute();
        return true;
      } catch (error) {
        if (uniqueViolation(error)) return false;
        throw error;
      }
    },
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('bank_blacklist').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BankBlacklist = ReturnType<typeof createBankBlacklist>;
