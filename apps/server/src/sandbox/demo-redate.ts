import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The demo history's one clock (docs/sandbox.md, "The demo member"): the seeder moves the
 * app's clock to each step's day, so whatever the services stamp carries that day, but a
 * journal entry takes the database's now() (production keeps it so: its time is the
 * commit's, not a node's). Here, in the sandbox only, the entries a step wrote, their
 * statement lines and a first deposit taken from them are moved by the clock's offset, so
 * every record of one event carries the same moment.
 */
export async function lastEntryId(db: Kysely<DB>): Promise<bigint> {
  const row = await db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0n : BigInt(row.id);
}

/** Moves the entries after `afterId` (and what was dated from them) back by `offsetMs`, the clock's offset during the step. */
export async function redateEntries(db: Kysely<DB>, afterId: bigint, offsetMs: number): Promise<void> {
  if (offsetMs <= 0) return;
  const shift = sql`(${offsetMs} * interval '1 millisecond')`;
  await db.transaction().execute(async (trx) => {
    await sql`update journal_entries set created_at = created_at - ${shift} where id > ${afterId.toString()}::bigint`.execute(trx);
    await sql`update statement_lines l set created_at = e.created_at from journal_entries e
      where l.entry_id = e.id and e.id > ${afterId.toString()}::bigint`.execute(trx);
    await sql`update member_first_deposits f set first_at = e.created_at from journal_entries e
      where f.entry_id = e.id and e.id > ${afterId.toString()}::bigint`.execute(trx);
  });
}

/** The member registered just before their history starts, not on the day the server first started. */
export async function redateMember(db: Kysely<DB>, memberId: string, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('members').set({ created_at: at, updated_at: at }).where('id', '=', memberId).execute();
    await trx.updateTable('member_first_deposits').set({ registered_at: at }).where('member_id', '=', memberId).execute();
  });
}
