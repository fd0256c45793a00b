import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SpinWheelsTable, StoredSlice } from '../../db/tables/spin.ts';

export type WheelRow = Selectable<SpinWheelsTable>;

type NewVersion = { version: number; name: string; active: boolean; slices: StoredSlice[]; createdAt: Date };

/** The wheel's saved versions and the draws counted per slice; Kysely stays here. */
export function createWheelRepository(db: Kysely<DB>) {
  const values = (v: NewVersion) => ({
    version: v.version,
    name: v.name,
    active: v.active,
    slices: JSON.stringify(v.slices),
    created_at: v.createdAt,
  });
  return {
    latest(): Promise<WheelRow | undefined> {
      return db.selectFrom('spin_wheels').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
    },

    version(v: number): Promise<WheelRow | undefined> {
      return db.selectFrom('spin_wheels').selectAll().where('version', '=', v).executeTakeFirst();
    },

    /** Throws a unique violation when the number is taken. */
    insert(v: NewVersion): Promise<WheelRow> {
      return db.insertInto('spin_wheels').values(values(v)).returningAll().executeTakeFirstOrThrow();
    },

    /** First start: this version unless it exists (idempotent). */
    async insertIfAbsent(v: NewVersion): Promise<void> {
      await db
        .insertInto('spin_wheels')
        .values(values(v))
        .onConflict((oc) => oc.column('version').doNothing())
        .execute();
    },

    /** Draws of one version, counted per slice index. */
    drawsPerSlice(v: number): Promise<{ slice_index: number; n: string }[]> {
      return db
        .selectFrom('spin_draws')
        .select(['slice_index', sql<string>`count(*)`.as('n')])
        .where('wheel_version', '=', v)
        .groupBy('slice_index')
        .execute();
    },
  };
}
