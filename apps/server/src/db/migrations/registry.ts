import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-settings.ts';

/** Every migration, in order. Static imports: no directory scanning at start. */
export const migrations: Record<string, Migration> = {
  '0001-settings': m0001,
};
