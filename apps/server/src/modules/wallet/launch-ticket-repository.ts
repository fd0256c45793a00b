import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LaunchTicketsTable } from '../../db/tables/wallet.ts';

export type LaunchTicket = Pick<LaunchTicketsTable, 'member_id' | 'game_code' | 'platform'>;

/** One-time tickets behind form launchers (Kysely stays here). */
export function createLaunchTicketRepository(db: Kysely<DB>) {
  return {
    async create(ticketHash: string, ticket: LaunchTicket, expiresAt: Date): Promise<void> {
      await db
        .insertInto('launch_tickets')
        .values({ ticket_hash: ticketHash, ...ticket, expires_at: expiresAt })
        .execute();
    },

    /** Uses the ticket up: a second opening, or one after expiry, gets nothing. */
    async consume(ticketHash: string, now: Date): Promise<LaunchTicket | undefined> {
      return db
        .updateTable('launch_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['member_id', 'game_code', 'platform'])
        .executeTakeFirst();
    },

    async purgeExpiredBefore(before: Date): Promise<void> {
      await db.deleteFrom('launch_tickets').where('expires_at', '<', before).execute();
    },
  };
}

export type LaunchTicketRepository = ReturnType<typeof createLaunchTicketRepository>;
