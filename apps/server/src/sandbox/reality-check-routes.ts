import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import type { DB } from '../db/schema.ts';

const ZDue = z.object({ phone: text().regex(/^0\d{8,9}$/) });

/**
 * The reality-check clock of the operator stand-in (docs/player-care.md, "Reality checks"): makes a
 * member's next reminder due now, by moving their session's last check back one interval, so a
 * person (or a browser test) need not wait half an hour to see it.
 */
export function registerRealityCheckRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  app.post('/sandbox/ops/reality-check/due', { schema: { hide: true, body: ZDue } }, async (request) => {
    const { phone } = request.body as z.infer<typeof ZDue>;
    const moved = await db
      .updateTable('play_sessions as s')
      .from('members as m')
      .set({
        last_check_at: sql`s.last_check_at - make_interval(mins => m.reality_check_minutes)`,
        started_at: sql`s.started_at - make_interval(mins => m.reality_check_minutes)`,
      })
      .whereRef('m.id', '=', 's.member_id')
      .where('m.phone', '=', phone)
      .executeTakeFirst();
    return { moved: Number(moved.numUpdatedRows) };
  });
}
