import type { Kysely } from 'kysely';
import type { GameProvider } from '../../adapters/games/game-provider.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { serialJob } from '../../jobs/periodic-job.ts';
import { addSiteDays, siteDay, siteDayStart } from '@jetton/contract/site-time';
import { firstActivity, rollDay, rolledThrough } from './report-repository.ts';
import { advanceRoundCursor, importRounds, roundCursor } from './game-round-repository.ts';

/** A day is closed (rolled) this long after its end: entries are dated at their transaction's start, and commit a moment later. */
export const CLOSE_AFTER_MS = 15 * 60_000;
/** Days rolled per pass at most, so a first pass over years of history gives the node back between passes. */
const DAYS_PER_PASS = 400;

export type ReportJobSummary = { claimed: number; rounds: number; rolled: number; rerolled: number };

/**
 * The report job (docs/reports.md, "The report job"): pulls each provider's
 * round history into game_rounds, then rolls every closed day not rolled yet,
 * oldest first (so rolled days are always a prefix), and rolls again a rolled
 * day that received late rounds.
 */
export function createReportJob(deps: {
  db: Kysely<DB>;
  clock: Clock;
  providers: () => Promise<GameProvider[]>;
  log?: (error: unknown, gameCode: string) => void;
}) {
  const { db, clock } = deps;

  async function pullRounds(): Promise<{ rounds: number; days: Set<string> }> {
    const days = new Set<string>();
    let stored = 0;
    for (const provider of await deps.providers()) {
      try {
        const rounds = await provider.roundHistory(await roundCursor(db, provider.gameCode));
        const result = await importRounds(db, provider.gameCode, rounds);
        await advanceRoundCursor(db, provider.gameCode, rounds);
        stored += result.stored;
        for (const day of result.days) days.add(day);
      } catch (error) {
        // One provider down never stops the others or the rollups; its rounds come next pass.
        deps.log?.(error, provider.gameCode);
      }
    }
    return { rounds: stored, days };
  }

  /** The first day with any activity (an entry, a registration or a round), or null on an empty site. */
  async function firstDay(): Promise<string | null> {
    const at = await firstActivity(db);
    return at ? siteDay(at) : null;
  }

  async function pass(): Promise<ReportJobSummary> {
    const { rounds, days } = await pullRounds();
    const now = clock.now();
    const through = await rolledThrough(db);
    let rerolled = 0;
    for (const day of [...days].sort()) {
      if (through !== null && day <= through) {
        await rollDay(db, day, now);
        rerolled += 1;
      }
    }
    let next = through === null ? await firstDay() : addSiteDays(through, 1);
    let rolled = 0;
    while (next !== null && siteDayStart(addSiteDays(next, 1)).getTime() + CLOSE_AFTER_MS <= now.getTime() && rolled < DAYS_PER_PASS) {
      await rollDay(db, next, now);
      rolled += 1;
      next = addSiteDays(next, 1);
    }
    return { claimed: rounds + rolled + rerolled, rounds, rolled, rerolled };
  }

  return serialJob(pass);
}

export type ReportJob = ReturnType<typeof createReportJob>;
