import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type SettingsTable = {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
};

/** The database as Kysely sees it; each feature adds its tables here with its migration. */
export type DB = {
  settings: SettingsTable;
};
