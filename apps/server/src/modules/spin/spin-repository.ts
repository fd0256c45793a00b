import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SpinDrawsTable, SpinSeedsTable } from '../../db/tables/spin.ts';

/** The wheel's member side: seed pairs, draws and coins; Kysely stays here. Pass the caller's transaction where money moves. */
export function createSpinRepository(db: Kysely<DB>) {
  return {
    /** The member's unrevealed seed pair, locked when asked. */
    currentSeed(memberId: string, lock: boolean) {
      const q = db.selectFrom('spin_seeds').selectAll().where('member_id', '=', memberId).where('revealed_at', 'is', null);
      return (lock ? q.forUpdate() : q).executeTakeFirst();
    },

    /** A first seed pair; a concurrent first use keeps the other one. */
    async insertSeedIfAbsent(row: Insertable<SpinSeedsTable>): Promise<void> {
      await db
        .insertInto('spin_seeds')
        .values(row)
        .onConflict((oc) => oc.column('member_id').where('revealed_at', 'is', null).doNothing())
        .execute();
    },

    insertSeed(row: Insertable<SpinSeedsTable>) {
      return db.insertInto('spin_seeds').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async setNextNonce(seedId: string, nonce: number): Promise<void> {
      await db.updateTable('spin_seeds').set({ next_nonce: nonce }).where('id', '=', seedId).execute();
    },

    async reveal(seedId: string, now: Date): Promise<void> {
      await db.updateTable('spin_seeds').set({ revealed_at: now }).where('id', '=', seedId).execute();
    },

    coinsOf(memberId: string): Promise<{ coin: number; currency: 'THB' | 'LAK' } | undefined> {
      return db.selectFrom('members').select(['coin', 'currency']).where('id', '=', memberId).executeTakeFirst();
    },

    /** Takes one coin by a conditional UPDATE that locks the member's row; undefined when none is left. */
    takeCoin(memberId: string) {
      return db
        .updateTable('members')
        .set({ coin: sql`coin - 1` })
        .where('id', '=', memberId)
        .where('coin', '>', 0)
        .returning(['coin', 'currency'])
        .executeTakeFirst();
    },

    async insertDraw(row: Insertable<SpinDrawsTable>): Promise<void> {
      await db.insertInto('spin_draws').values(row).execute();
    },

    drawPage(memberId: string, offset: number, limit: number) {
      return db
        .selectFrom('spin_draws as d')
        .innerJoin('spin_seeds as s', 's.id', 'd.seed_id')
        .select([
          'd.created_at',
          'd.slice_code',
          'd.slice_index',
          'd.wheel_version',
          'd.nonce',
          's.server_seed',
          's.server_seed_hash',
          's.client_seed',
          's.revealed_at',
        ])
        .where('d.member_id', '=', memberId)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async drawCount(memberId: string): Promise<number> {
      const row = await db
        .selectFrom('spin_draws')
        .select(sql<string>`count(*)`.as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
