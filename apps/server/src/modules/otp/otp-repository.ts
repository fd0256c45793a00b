import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { OtpChallengesTable } from '../../db/tables/accounts.ts';

export type OtpChallenge = Selectable<OtpChallengesTable>;
export type SendLimits = { intervalMs: number; windowMs: number; perWindow: number };
export type SendOutcome = 'ok' | 'REQUEST_LIMIT' | 'REQUEST_LIMIT_1MIN';

/**
 * Kysely stays here (docs/engineering.md, "House rules"): one-time-code challenges and verified
 * phones. The send limits count a phone's recent challenges in the database,
 * so they hold across nodes; no separate counter can drift from the truth.
 */
export function createOtpRepository(db: Kysely<DB>) {
  return {
    /**
     * Inserts a challenge unless the phone hit a send limit. A per-phone advisory
     * lock serializes concurrent sends, so two requests cannot both pass the check.
     * Older open challenges of the phone expire: only the newest code works.
     */
    async createWithinLimits(challenge: Omit<OtpChallenge, 'tries' | 'verified_at'>, limits: SendLimits): Promise<SendOutcome> {
      const { phone, created_at: now } = challenge;
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`.execute(trx);
        const windowStart = new Date(now.getTime() - limits.windowMs);
        const recent = await trx
          .selectFrom('otp_challenges')
          .select('created_at')
          .where('phone', '=', phone)
          .where('created_at', '>', windowStart)
          .orderBy('created_at', 'desc')
          .execute();
        if (recent.length >= limits.perWindow) return 'REQUEST_LIMIT';
        const last = recent[0]?.created_at;
        if (last && last.getTime() > now.getTime() - limits.intervalMs) return 'REQUEST_LIMIT_1MIN';
        await trx
          .updateTable('otp_challenges')
          .set({ expires_at: now })
          .where('phone', '=', phone)
          .where('verified_at', 'is', null)
          .where('expires_at', '>', now)
          .execute();
        // Challenges that no longer count and can no longer be used: keep the table small.
        await trx
          .deleteFrom('otp_challenges')
          .where('phone', '=', phone)
          .where('created_at', '<=', windowStart)
          .where('expires_at', '<=', now)
          .execute();
        await trx.insertInto('otp_challenges').values(challenge).execute();
        return 'ok';
      });
    },
    find(id: string): Promise<OtpChallenge | undefined> {
      return db.selectFrom('otp_challenges').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('otp_challenges').where('id', '=', id).execute();
    },
    /**
     * Takes one try before the code is compared, atomically: concurrent guesses
     * can never exceed maxTries. Returns the tries used, or null when none is left.
     */
    async takeTry(id: string, maxTries: number): Promise<number | null> {
      const row = await db
        .updateTable('otp_challenges')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('id', '=', id)
        .where('tries', '<', maxTries)
        .where('verified_at', 'is', null)
        .returning('tries')
        .executeTakeFirst();
      return row?.tries ?? null;
    },
    /** Single use: only the first correct answer marks the challenge and the phone verified. */
    async markVerified(id: string, phone: string, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('otp_challenges')
          .set({ verified_at: now })
          .where('id', '=', id)
          .where('verified_at', 'is', null)
          .executeTakeFirst();
        if (used.numUpdatedRows === 0n) return false;
        await trx
          .insertInto('verified_phones')
          .values({ phone, verified_at: now })
          .onConflict((oc) => oc.column('phone').doUpdateSet({ verified_at: now }))
          .execute();
        return true;
      });
    },
    /** Single use without verifying the phone for registration (a password-reset code). */
    async markUsed(id: string, now: Date): Promise<boolean> {
      const used = await db
        .updateTable('otp_challenges')
        .set({ verified_at: now })
        .where('id', '=', id)
        .where('verified_at', 'is', null)
        .executeTakeFirst();
      return used.numUpdatedRows > 0n;
    },
    async verifiedAt(phone: string): Promise<Date | null> {
      const row = await db.selectFrom('verified_phones').select('verified_at').where('phone', '=', phone).executeTakeFirst();
      return row?.verified_at ?? null;
    },
  };
}

export type OtpRepository = ReturnType<typeof createOtpRepository>;
