/**
 * A synthetic history of a site's members, planned in memory before anything
 * is written (bench/growth/writer.ts writes it): who deposits, plays and
 * withdraws, how much and when. Deterministic for a seed, so two runs build
 * the same database. Built for the growth bench (three sizes of one site) and
 * meant to grow into longer histories (a synthetic year for reports): a
 * profile says how many members, over how many days, how active they are, and
 * which members are heavy players.
 *
 * Money never goes below zero in the plan: it follows each member's wallet and
 * game balance in the order the writer applies a day's events (deposits, then
 * transfers to the games, transfers back, then withdrawals) and drops what the member could not afford, so
 * every event the writer posts is one the real services would have accepted.
 */

export type ActivityProfile = {
  name: string;
  members: number;
  /** Members (by index, the first ones) who play all day: transfer pairs each, spread over the days. */
  heavy: { transferPairs: number }[];
  /** Per ordinary member: how many of each, drawn uniformly from [min, max]. */
  deposits: [number, number];
  transferPairs: [number, number];
  /** Chance that an ordinary member withdraws once. */
  withdrawalChance: number;
  days: number;
  /** The history ends here (exclusive); it starts `days` before. */
  until: Date;
  seed: number;
};

export type DepositChannel = 'slip' | 'qr' | 'manual';
export type ActivityEvent =
  | { type: 'deposit'; member: number; at: Date; amount: bigint; channel: DepositChannel }
  /** wallet -> game `amount` at `at`, then game -> wallet `back` (what was left after playing) a few minutes later. */
  | { type: 'transfer-pair'; member: number; at: Date; amount: bigint; back: bigint }
  | { type: 'withdrawal'; member: number; at: Date; amount: bigint };

export type ActivityDay = { day: Date; deposits: ActivityEvent[]; pairs: ActivityEvent[]; withdrawals: ActivityEvent[] };

const DAY_MS = 86_400_000;
const PAIR_GAP_MS = 5 * 60_000;

/** mulberry32: a small, fast, seedable PRNG (quality is plenty for load data). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The plan, one day at a time, oldest first; each day's events in time order by type. */
export function planActivity(profile: ActivityProfile): ActivityDay[] {
  const random = prng(profile.seed);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const baht = (min: number, max: number) => BigInt(between(min, max)) * 100n;
  const start = profile.until.getTime() - profile.days * DAY_MS;
  // Events before the member's first deposit could not happen: the first deposit comes first.
  const span = (from: number) => from + Math.floor(random() * (profile.until.getTime() - PAIR_GAP_MS - from));
  const events: ActivityEvent[] = [];
  for (let member = 0; member < profile.members; member += 1) {
    const heavy = profile.heavy[member];
    const firstAt = start + Math.floor(random() * (heavy ? DAY_MS : (profile.days * DAY_MS) / 2));
    const deposits = heavy ? Math.max(1, Math.ceil(heavy.transferPairs / 500)) : between(...profile.deposits);
    const pairs = heavy ? heavy.transferPairs : between(...profile.transferPairs);
    for (let i = 0; i < deposits; i += 1) {
      const channel: DepositChannel = (['slip', 'slip', 'qr', 'manual'] as const)[between(0, 3)] ?? 'slip';
      events.push({
        type: 'deposit',
        member,
        at: new Date(i === 0 ? firstAt : span(firstAt)),
        amount: heavy ? baht(20_000, 50_000) : baht(300, 5_000),
        channel,
      });
    }
    for (let i = 0; i < pairs; i += 1) {
      const amount = heavy ? baht(1, 50) : baht(20, 500);
      // Lost up to a fifth of it while playing.
      const back = amount - (amount * BigInt(between(0, 20))) / 100n;
      events.push({ type: 'transfer-pair', member, at: new Date(span(firstAt + 60_000)), amount, back });
    }
    if (!heavy && random() < profile.withdrawalChance)
      events.push({ type: 'withdrawal', member, at: new Date(span(firstAt + 60_000)), amount: baht(100, 300) });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  // Replay in the writer's order (per day: deposits, transfers, withdrawals); drop what a member could not afford.
  const wallet = new Array<bigint>(profile.members).fill(0n);
  const days: ActivityDay[] = [];
  for (let d = 0; d < profile.days; d += 1) days.push({ day: new Date(start + d * DAY_MS), deposits: [], pairs: [], withdrawals: [] });
  for (const event of events) {
    const day = days[Math.min(profile.days - 1, Math.floor((event.at.getTime() - start) / DAY_MS))];
    if (!day) continue;
    if (event.type === 'deposit') day.deposits.push(event);
    else if (event.type === 'transfer-pair') day.pairs.push(event);
    else day.withdrawals.push(event);
  }
  for (const day of days) {
    for (const e of day.deposits) wallet[e.member] = (wallet[e.member] ?? 0n) + e.amount;
    // The writer moves every wallet -> game leg of the day, then every game -> wallet leg.
    day.pairs = day.pairs.filter((e) => {
      if (e.type !== 'transfer-pair' || (wallet[e.member] ?? 0n) < e.amount) return false;
      wallet[e.member] = (wallet[e.member] ?? 0n) - e.amount;
      return true;
    });
    for (const e of day.pairs) if (e.type === 'transfer-pair') wallet[e.member] = (wallet[e.member] ?? 0n) + e.back;
    day.withdrawals = day.withdrawals.filter((e) => {
      if ((wallet[e.member] ?? 0n) < e.amount) return false;
      wallet[e.member] = (wallet[e.member] ?? 0n) - e.amount;
      return true;
    });
  }
  return days;
}
