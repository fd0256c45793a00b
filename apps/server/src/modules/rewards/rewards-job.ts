import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS, previousSiteDay, siteDay } from '@jetton/contract/site-time';
import type { GameProvider } from '../../adapters/games/game-provider.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { serialJob, type JobScheduler, type SerialJob } from '../../jobs/periodic-job.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { GAME_CATALOGUE } from '../games/game-catalogue.ts';
import { weightedBet } from './bonus-math.ts';
import { createMemberBonusRepository } from './member-bonus-repository.ts';
import { createRoundsRepository, type DailyCaps } from './rounds-repository.ts';
import type { RewardsRules, RewardsRulesSource } from './rewards-rules.ts';
import type { MoneyRulesSource } from '../lookup/money-rules.ts';
import { CURRENCIES } from '@jetton/contract/constants';
import { toMinor } from '@jetton/contract/money';

export type RewardsPass = { claimed: number; rounds: number; counted: number; expired: number; accrued: number };

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  rules: RewardsRulesSource;
  /** Each currency's daily caps on invite and refund accruals. */
  money: MoneyRulesSource;
  /** The provider of a game code, with the operator's current timeout. */
  provider: (gameCode: string) => Promise<GameProvider>;
  /** Ends bonuses past their expiry (bonus service). */
  expireDue: () => Promise<number>;
  log: FastifyBaseLogger;
};

/**
 * The rewards job (docs/rewards.md, "Turnover from rounds" and "Daily
 * accruals"), run on every node: each pass pulls new rounds from every
 * provider (one node per provider at a time, by lease), counts them toward
 * the active bonuses, ends expired bonuses, then accrues the invite and refund
 * amounts of the days that have ended (each day once, whichever node gets there first).
 */
export function createRewardsJob(deps: Deps) {
  const { db, clock } = deps;
  const category = new Map<string, string>(GAME_CATALOGUE.map((g) => [g.code, g.category]));

  /** One provider's new rounds: stored once each, added to the day's sums, counted toward a bonus. */
  async function pullGame(gameCode: string): Promise<{ rounds: number; counted: number }> {
    const rules = await deps.rules.get();
    const now = clock.now();
    const owner = randomUUID();
    const repo = createRoundsRepository(db);
    const cursor = await repo.leaseCursor(gameCode, owner, now, rules.roundLeaseMs, new Date(now.getTime() - rules.roundLookbackMs));
    if (!cursor) return { rounds: 0, counted: 0 };
    let next: Date | null = null;
    try {
      // From before the cursor: a round published after a newer one is still found.
      const rounds = await (await deps.provider(gameCode)).roundHistory(new Date(cursor.getTime() - rules.roundOverlapMs));
      if (rounds.length === 0) return { rounds: 0, counted: 0 };
      const known = await repo.storedRoundIds(
        gameCode,
        rounds.map((r) => r.id),
      );
      const members = await repo.membersByUsername(gameCode, [...new Set(rounds.map((r) => r.username))]);
      let stored = 0;
      let counted = 0;
      for (const round of rounds) {
        if (!next || round.playedAt > next) next = round.playedAt;
        if (known.has(round.id)) continue;
        const memberId = members.get(round.username);
        if (!memberId) continue;
        const kind = category.get(gameCode) ?? 'slot';
        // One transaction per round: stored once, summed once, counted once, together.
        const didCount = await withMoneyTransaction(db, async (trx) => {
          const r = createRoundsRepository(trx);
          const fresh = await r.insertRound({
            gameCode,
            roundId: round.id,
            memberId,
            category: kind,
            bet: round.bet,
            payout: round.payout,
            playedAt: round.playedAt,
          });
          if (!fresh) return null;
          await r.addDailyPlay(memberId, siteDay(round.playedAt), kind, round.bet, round.payout);
          const bonus = await createMemberBonusRepository(trx).activeAt(memberId, round.playedAt);
          if (!bonus) return false;
          const weighted = weightedBet(round.bet, kind, bonus.category_weights);
          if (weighted > 0n) await r.countTowardBonus(gameCode, round.id, bonus.id, weighted);
          return weighted > 0n;
        });
        if (didCount !== null) stored += 1;
        if (didCount) counted += 1;
      }
      return { rounds: stored, counted };
    } finally {
      // The cursor goes to the newest round seen, never back; the overlap brings the rounds before it again, skipped as replays.
      await repo.releaseCursor(gameCode, owner, next);
    }
  }

  async function dailyCaps(): Promise<{ refund: DailyCaps; invite: DailyCaps }> {
    const money = await deps.money.get();
    const per = (field: 'refundDailyMax' | 'inviteDailyMax') =>
      Object.fromEntries(CURRENCIES.map((c) => [c, toMinor(money[c][field])])) as DailyCaps;
    return { refund: per('refundDailyMax'), invite: per('inviteDailyMax') };
  }

  /** One kind's accruals of a day, if this pass claims the day first. */
  function accrueKind(
    kind: 'refund' | 'invite',
    day: string,
    rules: RewardsRules,
    caps: { refund: DailyCaps; invite: DailyCaps },
    now: Date,
  ) {
    return withMoneyTransaction(db, async (trx) => {
      const repo = createRoundsRepository(trx);
      if (!(await repo.claimDay(kind, day, now))) return 0;
      return kind === 'refund'
        ? repo.accrueRefunds(day, rules.refundRateBp, caps.refund, now)
        : repo.accrueInvites(day, rules.inviteRateBp, caps.invite, now);
    });
  }

  /** Accrues each ended site day not accrued yet, back `accrualCatchUpDays`. */
  async function accrue(): Promise<number> {
    const rules = await deps.rules.get();
    const now = clock.now();
    let accrued = 0;
    const days = Array.from({ length: rules.accrualCatchUpDays }, (_, i) =>
      previousSiteDay(new Date(now.getTime() - i * DAY_MS)),
    ).reverse();
    // A cheap read first: most passes find every day done and write nothing.
    const done = await createRoundsRepository(db).doneDays(days);
    for (const day of days) {
      for (const kind of ['refund', 'invite'] as const) {
        if (done.has(`${kind}|${day}`)) continue;
        accrued += await accrueKind(kind, day, rules, await dailyCaps(), now);
      }
    }
    return accrued;
  }

  /**
   * Accrues one given site day now, as if it had ended (the sandbox's "next
   * day", docs/sandbox.md): pulls the rounds first, then claims and accrues
   * the day exactly as a pass does, so a day already accrued moves nothing.
   */
  async function accrueDay(day: string): Promise<{ rounds: number; accrued: number }> {
    const { rounds } = await pullRounds();
    const rules = await deps.rules.get();
    const now = clock.now();
    let accrued = 0;
    const caps = await dailyCaps();
    for (const kind of ['refund', 'invite'] as const) {
      accrued += await accrueKind(kind, day, rules, caps, now);
    }
    return { rounds, accrued };
  }

  async function pullRounds(): Promise<{ rounds: number; counted: number }> {
    let rounds = 0;
    let counted = 0;
    const inUse = await createRoundsRepository(db).gamesInUse();
    for (const game of GAME_CATALOGUE) {
      if (!inUse.has(game.code)) continue;
      try {
        const r = await pullGame(game.code);
        rounds += r.rounds;
        counted += r.counted;
      } catch (error) {
        // One provider's trouble never stops the others; its cursor stays and the next pass tries again.
        deps.log.warn({ err: error, game: game.code }, 'rewards: round pull failed');
      }
    }
    return { rounds, counted };
  }

  const job: SerialJob<RewardsPass> = serialJob(async () => {
    const { rounds, counted } = await pullRounds();
    const expired = await deps.expireDue();
    const accrued = await accrue();
    return { claimed: rounds + expired + accrued, rounds, counted, expired, accrued };
  });

  return { ...job, pullRounds, accrue, accrueDay };
}

export type RewardsJob = ReturnType<typeof createRewardsJob>;

export function scheduleRewardsJob(jobs: JobScheduler, job: RewardsJob, rules: RewardsRulesSource): void {
  jobs.every(job, { name: 'rewards', intervalMs: async () => (await rules.getOrDefaults()).jobIntervalMs });
}
