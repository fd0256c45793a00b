import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos/run-chaos.ts';

/**
 * The fault run's short form (the full one is `npm run chaos`): the server as a
 * child process on PostgreSQL, 16 clients, 24 s of faults (connections
 * terminated every 3 s, every provider fault, one SIGKILL and restart), then
 * every assertion of the full run. PostgreSQL only: it needs connections to
 * terminate and a server process to kill.
 */
const url = process.env.TEST_DATABASE_URL;
/** Inside the fault run's port block, apart from `npm run chaos` (8141). */
const PORT = Number(process.env.CHAOS_TEST_PORT ?? 8143);

describe.skipIf(!url)(`the fault run, short form${url ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  it('survives terminated connections, provider faults and a SIGKILL with the books right', { timeout: 300_000 }, async () => {
    const result = await runChaos({
      adminUrl: url ?? '',
      port: PORT,
      faultSeconds: 24,
      clients: 16,
      hotClients: 4,
      killEveryMs: 3_000,
      log: () => undefined,
    });
    // The table is the run's record: printed whatever the outcome.
    process.stdout.write(`${result.report}\n`);
    expect(result.failures).toEqual([]);
    expect(result.figures.terminations).toBeGreaterThanOrEqual(5);
    expect(result.figures.restartMs).toBeDefined();
  });
});
