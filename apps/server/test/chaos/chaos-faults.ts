import pg from 'pg';
import { CHAOS_APPLICATION_NAME, withApplicationName } from './chaos-setup.ts';

type ProviderFault = Record<string, unknown> & { game: string | null };

/** One phase of the run: the provider faults on during it (per game, or global with game null). */
export type ChaosPhase = { name: string; until: number; provider: ProviderFault[]; kill?: number };

/**
 * The provider's faults, every kind at once on four games:
 *
 * - applies the transfer, then answers 500;
 * - does not apply it, and answers a garbled body;
 * - holds the request `hangMs` before applying it: the site gave up long
 *   before (its deadline), the node may have died and restarted meanwhile, and
 *   the transfer still lands at the provider afterwards;
 * - refuses 15 % outright, applies the rest and holds the answer `hangMs`.
 */
export function providerFaults(games: string[], hangMs: number): ProviderFault[] {
  const [g1, g2, g3, g4] = games;
  return [
    { game: g1 ?? null, unknownOutcome: { applied: true, answer: '500' } },
    { game: g2 ?? null, unknownOutcome: { applied: false, answer: 'garbled' } },
    { game: g3 ?? null, latencyMs: hangMs },
    { game: g4 ?? null, failureRate: 0.15, timeout: true, hangMs },
  ];
}

/**
 * The phases as fractions of the fault window. Connections are terminated
 * every few seconds through all of them (chaos-run's own timer); the provider
 * faults are on in the first and the last; the server is SIGKILLed in the
 * last, late, while everything is on, and started again as the faults go on.
 */
export function chaosPhases(games: string[], hangMs: number, killAt: number): ChaosPhase[] {
  const faults = providerFaults(games, hangMs);
  return [
    { name: 'provider faults', until: 0.3, provider: faults },
    { name: 'connections only', until: 0.5, provider: [] },
    { name: 'all + SIGKILL', until: 1, provider: faults, kill: killAt },
  ];
}

/** pg_terminate_backend on every connection of the run's database except the run's own. */
export async function terminateServerConnections(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: withApplicationName(adminUrl) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid() and coalesce(application_name, '') <> $2`,
      [database, CHAOS_APPLICATION_NAME],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Sets a phase's faults at the demo provider (in its node's memory). */
export async function applyProviderFaults(origin: string, phase: ChaosPhase): Promise<void> {
  await post(`${origin}/sandbox/games/faults/reset`, {});
  for (const fault of phase.provider) await post(`${origin}/sandbox/games/faults`, fault);
}

export async function resetProviderFaults(origin: string): Promise<void> {
  await post(`${origin}/sandbox/games/faults/reset`, {});
}

async function post(url: string, body: unknown): Promise<void> {
  // The provider's node may be briefly without its database: a few tries.
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(3_000),
      });
      if (res.ok) return;
      if (attempt >= 5) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    } catch (error) {
      if (attempt >= 5) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
