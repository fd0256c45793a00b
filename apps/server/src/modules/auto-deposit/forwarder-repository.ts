import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SmsForwardersTable } from '../../db/tables/incoming-deposits.ts';

export type ForwarderRow = Selectable<SmsForwardersTable>;

/** Kysely stays here (docs/engineering.md, "House rules"): SMS forwarder devices and the signatures they used. */
export function createForwarderRepository(db: Kysely<DB>) {
  return {
    insert: (row: Insertable<SmsForwardersTable>) => db.insertInto('sms_forwarders').values(row).returningAll().executeTakeFirstOrThrow(),
    byId: (id: string) => db.selectFrom('sms_forwarders').selectAll().where('id', '=', id).executeTakeFirst(),
    list: () => db.selectFrom('sms_forwarders').selectAll().orderBy('created_at', 'desc').limit(500).execute(),
    revoke: (id: string, now: Date) =>
      db
        .updateTable('sms_forwarders')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst(),
    /** Records a signature as used: false when it was seen already (a replay). */
    async claimSignature(forwarderId: string, signature: string, now: Date): Promise<boolean> {
      const row = await db
        .insertInto('sms_forwarder_nonces')
        .values({ forwarder_id: forwarderId, signature, seen_at: now })
        .onConflict((oc) => oc.columns(['forwarder_id', 'signature']).doNothing())
        .returning('signature')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Signatures older than any acceptable timestamp can never be replayed: forget them. */
    async forgetSignatures(before: Date): Promise<void> {
      await db.deleteFrom('sms_forwarder_nonces').where('seen_at', '<', before).execute();
    },
  };
}
