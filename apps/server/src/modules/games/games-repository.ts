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
