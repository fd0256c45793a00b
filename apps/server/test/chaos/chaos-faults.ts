import pg from 'pg';
import { CHAOS_APPLICATION_NAME, withApplicationName } from './chaos-setup.ts';

type ProviderFault = Record<string, unknown> & { game: string | null };

/** One phase of the run: the provider faults on during it (per game, or global with game null). */
export type ChaosPhase = { name: string; until: number; provider: ProviderFault[]; kill?: number };

/**
 * The phases as fractions of the fault window. Connections are terminated
 * every few seconds through all of them; the server is SIGKILLed once, in the
 * third, while every provider fault is on.
 */
export function chaosPhases(games: string[]): ChaosPhase[] {
  const [g1, g2, g3, g4] = games;
  const unknown: ProviderFault[] = [
    { game: g1 ?? null, unknownOutcome: { applied: true, answer: '500' } },
    { game: g2 ?? null, unknownOutcome: { applied: false, answer: 'garbled' } },
    { game: g3 ?? null, timeout: true, hangMs: 4_000 },
  ];
  return [
    { name: 'refusals', until: 0.25, provider: [{ game: null, failureRate: 0.15 }] },
    { name: 'unknown outcomes', until: 0.5, provider: unknown },
    { name: 'all + SIGKILL', until: 0.75, provider: [...unknown, { game: g4 ?? null, failureRate: 0.15 }], kill: 0.6 },
    { name: 'connections only', until: 1, provider: [] },
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

/** Sets a phase's provider faults at the demo provider (in the server's memory: set again after a restart). */
export async function applyProviderFaults(origin: string, phase: ChaosPhase): Promise<void> {
  await post(`${origin}/sandbox/games/faults/reset`, {});
  for (const fault of phase.provider) await post(`${origin}/sandbox/games/faults`, fault);
}

export async function resetProviderFaults(origin: string): Promise<void> {
  await post(`${origin}/sandbox/games/faults/reset`, {});
}

async function post(url: string, body: unknown): Promise<void> {
  // The server may be restarting or its database briefly gone: a few tries.
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
