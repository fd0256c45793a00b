import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { GamesTable } from '../../db/tables/ledger.ts';

export type GameRow = Selectable<GamesTable>;

/** The games table (Kysely stays here). */
export function createGamesRepository(db: Kysely<DB>) {
  return {
    /** Enabled games in display order: category, then sort order. */
    listEnabled(): Promise<GameRow[]> {
      return db
        .selectFrom('games')
        .selectAll()
        .where('is_enabled', '=', true)
        .orderBy('category')
        .orderBy('sort_order')
        .orderBy('code')
        .execute();
    },
    find(code: string): Promise<GameRow | undefined> {
      return db.selectFrom('games').selectAll().where('code', '=', code).executeTakeFirst();
    },
    /** Every game with its switch, in display order (the back office's settings). */
    listSwitches() {
      return db
        .selectFrom('games')
        .select(['code', 'name', 'category', 'is_enabled'])
        .orderBy('category')
        .orderBy('sort_order')
        .orderBy('code')
        .execute();
    },
    async codes(): Promise<string[]> {
      return (await db.selectFrom('games').select('code').execute()).map((g) => g.code);
    },
    async setEnabled(code: string, enabled: boolean): Promise<void> {
      await db.updateTable('games').set({ is_enabled: enabled }).where('code', '=', code).execute();
    },
    /** Inserts games that do not exist yet; an operator's edits are never overwritten. */
    async seedMissing(rows: Insertable<GamesTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('games')
        .values(rows)
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
