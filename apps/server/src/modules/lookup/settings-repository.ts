import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Kysely stays here (docs/engineering.md, "House rules"): the settings table read and seeded. */
export function createSettingsRepository(db: Kysely<DB>) {
  return {
    async get(key: string): Promise<unknown> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    async set(key: string, value: unknown): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
        .execute();
    },
    /** Inserts the keys that do not exist yet; an operator's edits are never overwritten. */
    async seedMissing(entries: Record<string, unknown>): Promise<void> {
      const rows = Object.entries(entries).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
      if (rows.length === 0) return;
      await db
        .insertInto('settings')
        .values(rows)
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
