import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Kysely stays here (docs/engineering.md, "House rules"): each AUTO account's
 * statement cursor, and the lease of the one node polling it. A lease is taken
 * by one UPDATE whose condition (free, expired, or already ours) the database
 * checks atomically, so two nodes never both hold it.
 */
export function createCursorRepository(db: Kysely<DB>) {
  return {
    /** The cursor when this node holds (or just took) the account's lease until `until`; undefined when another node does. */
    async acquire(bank: string, account: string, holder: string, now: Date, until: Date): Promise<string | undefined> {
      await db
        .insertInto('statement_cursors')
        .values({ site_bank: bank, site_account: account, polled_at: null, lease_holder: null, lease_until: null })
        .onConflict((oc) => oc.columns(['site_bank', 'site_account']).doNothing())
        .execute();
      const row = await db
        .updateTable('statement_cursors')
        .set({ lease_holder: holder, lease_until: until })
        .where('site_bank', '=', bank)
        .where('site_account', '=', account)
        .where((eb) => eb.or([eb('lease_holder', 'is', null), eb('lease_holder', '=', holder), eb('lease_until', '<', now)]))
        .returning('cursor')
        .executeTakeFirst();
      return row?.cursor;
    },
    /** Moves the cursor on, only while this node still holds the lease. */
    async advance(bank: string, account: string, holder: string, cursor: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('statement_cursors')
        .set({ cursor, polled_at: now })
        .where('site_bank', '=', bank)
        .where('site_account', '=', account)
        .where('lease_holder', '=', holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Gives the lease up (a node closing), so another takes over without waiting for it to expire. */
    async release(holder: string): Promise<void> {
      await db.updateTable('statement_cursors').set({ lease_holder: null, lease_until: null }).where('lease_holder', '=', holder).execute();
    },
    /** When each account was last polled (the poller's lag). */
    polls: () => db.selectFrom('statement_cursors').select(['site_bank', 'site_account', 'polled_at', 'lease_holder']).execute(),
  };
}
