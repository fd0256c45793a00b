import { describe, expect, it } from 'vitest';
import { runChaos } from '../chaos/run-chaos.ts';

/**
 * The fault run's short form (the full one is `npm run chaos`), with the same
 * kinds of faults: two server processes on PostgreSQL (one also the game
 * provider), 8 clients on one hot member and 4 on others, 20 s of faults
 * (connections terminated every 2 s, every provider fault at once on four
 * games, a provider holding requests 6 s, longer than its deadline and than a
 * restart), the clients' node SIGKILLed at 80 % and started again, then every
 * assertion of the full run. PostgreSQL only: it needs connections to
 * terminate and server processes to kill.
 */
const url = process.env.TEST_DATABASE_URL;
/** Inside the fault run's port block, apart from `npm run chaos` (8141 and 8142); the provider's node takes the next port. */
const PORT = Number(process.env.CHAOS_TEST_PORT ?? 8143);

describe.skipIf(!url)(`the fault run, short form${url ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  it('survives terminated connections, provider faults and a SIGKILL with the books right', { timeout: 300_000 }, async () => {
    const result = await runChaos({
      adminUrl: url ?? '',
      port: PORT,
      faultSeconds: 20,
      hotClients: 8,
      manyClients: 4,
      killEveryMs: 2_000,
      hangMs: 6_000,
      killAt: 0.8,
      settleLimitMs: 150_000,
      log: () => undefined,
    });
    // The table is the run's record: printed whatever the outcome.
    process.stdout.write(`${result.report}\n`);
    expect(result.failures).toEqual([]);
    expect(result.figures.terminations).toBeGreaterThanOrEqual(5);
    expect(result.figures.restartMs).toBeDefined();
  });
});
