import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Kysely stays here (docs/engineering.md, "House rules"): wrong-password counts per phone in the
 * database, so the lockout holds across nodes and restarts. One row per phone:
 * a failure window that starts at its first failure, and a lock end.
 */
export function createLoginThrottleRepository(db: Kysely<DB>) {
  return {
    async lockedUntil(phone: string): Promise<Date | null> {
      const row = await db.selectFrom('login_throttle').select('locked_until').where('phone', '=', phone).executeTakeFirst();
      return row?.locked_until ?? null;
    },
    /**
     * Counts one failure atomically (concurrent wrong guesses all count) and
     * locks the phone once the window holds `maxFailures`. Returns whether it is now locked.
     */
    async recordFailure(phone: string, now: Date, rule: { windowMs: number; maxFailures: number; lockMs: number }): Promise<boolean> {
      const windowStart = new Date(now.getTime() - rule.windowMs);
      const stale = sql<boolean>`${sql.ref('login_throttle.window_started_at')} <= ${windowStart}`;
      const { failures } = await db
        .insertInto('login_throttle')
        .values({ phone, failures: 1, window_started_at: now, locked_until: null })
        .onConflict((oc) =>
          oc.column('phone').doUpdateSet({
            failures: sql<number>`case when ${stale} then 1 else ${sql.ref('login_throttle.failures')} + 1 end`,
            window_started_at: sql<Date>`case when ${stale} then ${now} else ${sql.ref('login_throttle.window_started_at')} end`,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      if (failures < rule.maxFailures) return false;
      // The lock starts a fresh window: after it ends the member has the full number of tries again.
      await db
        .updateTable('login_throttle')
        .set({ locked_until: new Date(now.getTime() + rule.lockMs), failures: 0, window_started_at: now })
        .where('phone', '=', phone)
        .execute();
      return true;
    },
    async clear(phone: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('phone', '=', phone).execute();
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
