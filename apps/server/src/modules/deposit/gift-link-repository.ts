import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Kysely stays here (docs/engineering.md, "House rules"): the gift_links table. */
export function createGiftLinkRepository(db: Kysely<DB>) {
  return {
    /** Claims a voucher for a member; false when it was seen before (the primary key decides, even concurrently). */
    async claim(hash: string, memberId: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('gift_links')
        .values({ voucher_hash: hash, member_id: memberId, status: 'processing', amount: null, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('voucher_hash').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /**
     * Takes over the member's own claim that was left processing (the voucher
     * service did not answer) once it is older than `staleBefore`: the retry
     * asks again. Anything else seen before stays a duplicate.
     */
    async takeOverStale(hash: string, memberId: string, staleBefore: Date, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('gift_links')
        .set({ updated_at: now })
        .where('voucher_hash', '=', hash)
        .where('member_id', '=', memberId)
        .where('status', '=', 'processing')
        .where('updated_at', '<', staleBefore)
        .executeTakeFirst();
      return (result.numUpdatedRows ?? 0n) > 0n;
    },

    /** A definite refusal: forget the claim, so sending the link again asks the voucher service again. */
    async release(hash: string, memberId: string): Promise<void> {
      await db
        .deleteFrom('gift_links')
        .where('voucher_hash', '=', hash)
        .where('member_id', '=', memberId)
        .where('status', '=', 'processing')
        .execute();
    },

    async markSuccess(hash: string, amount: bigint, now: Date): Promise<void> {
      await db.updateTable('gift_links').set({ status: 'success', amount, updated_at: now }).where('voucher_hash', '=', hash).execute();
    },
  };
}
