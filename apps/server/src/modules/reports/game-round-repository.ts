import { sql, type Kysely } from 'kysely';
import type { GameRound } from '../../adapters/games/game-provider.ts';
import type { DB } from '../../db/schema.ts';
import { siteDay } from '@jetton/contract/site-time';

/** How far back each pull starts before the newest round seen: a round the provider settles late is still found (duplicates are ignored). */
const OVERLAP_MS = 10 * 60_000;

const texts = (values: string[]) => sql`${values}::text[]`;

/**
 * Stores one provider's settled rounds in game_rounds (docs/reports.md, "Rounds"):
 * each round once (provider round id), with the member behind the username and
 * the member's currency. Rounds of players the site does not know are skipped.
 * Answers the Bangkok days of the rounds newly stored (a rolled day among them
 * is rolled again).
 */
export async function importRounds(db: Kysely<DB>, gameCode: string, rounds: GameRound[]): Promise<{ stored: number; days: Set<string> }> {
  const days = new Set<string>();
  let stored = 0;
  for (let i = 0; i < rounds.length; i += 1_000) {
    const batch = rounds.slice(i, i + 1_000);
    const { rows } = await sql<{ played_at: Date }>`
      insert into game_rounds (game_code, round_id, username, member_id, currency, bet, payout, played_at)
      select ${gameCode}, r.id, r.username, ga.member_id, m.currency, r.bet::bigint, r.payout::bigint, r.played_at::timestamptz
      from unnest(${texts(batch.map((r) => r.id))}, ${texts(batch.map((r) => r.username))}, ${texts(batch.map((r) => String(r.bet)))},
                  ${texts(batch.map((r) => String(r.payout)))}, ${texts(batch.map((r) => r.playedAt.toISOString()))}) as r(id, username, bet, payout, played_at)
      join game_accounts ga on ga.game_code = ${gameCode} and ga.username = r.username
      join members m on m.id = ga.member_id
      on conflict do nothing
      returning played_at`.execute(db);
    stored += rows.length;
    for (const row of rows) days.add(siteDay(new Date(row.played_at)));
  }
  return { stored, days };
}

export async function roundCursor(db: Kysely<DB>, gameCode: string): Promise<Date> {
  const row = await db.selectFrom('report_round_cursors').select('since').where('game_code', '=', gameCode).executeTakeFirst();
  return row ? new Date(row.since.getTime() - OVERLAP_MS) : new Date(0);
}

export async function advanceRoundCursor(db: Kysely<DB>, gameCode: string, rounds: GameRound[]): Promise<void> {
  if (rounds.length === 0) return;
  const newest = new Date(rounds.reduce((max, r) => Math.max(max, r.playedAt.getTime()), 0));
  await sql`insert into report_round_cursors (game_code, since) values (${gameCode}, ${newest})
    on conflict (game_code) do update set since = greatest(report_round_cursors.since, excluded.since)`.execute(db);
}
