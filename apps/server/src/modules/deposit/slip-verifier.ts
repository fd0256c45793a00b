import { createSlipRepository } from './slip-repository.ts';
import { verifySlip, type SlipVerifyDeps } from './verify-slip.ts';

export type SlipVerifierOptions = {
  /** Pause between runs when the queue was empty. */
  intervalMs?: number;
  /** Slips leased per run. */
  batchSize?: number;
  /** How long a claimed slip is ours before another node may take it. */
  leaseMs?: number;
};

/**
 * The slip verifier (docs/deposits.md) as a background job: each run
 * leases processing slips (FOR UPDATE SKIP LOCKED, so any number of nodes share
 * the queue) and decides them one by one. Tests call runOnce(); the app starts
 * it on boot and stops it on close.
 */
export function createSlipVerifier(deps: SlipVerifyDeps, options: SlipVerifierOptions = {}) {
  const intervalMs = options.intervalMs ?? 2_000;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const slips = createSlipRepository(deps.db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function runOnce(): Promise<number> {
    const claimed = await slips.claim(deps.clock.now(), leaseMs, batchSize);
    for (const slip of claimed) await verifySlip(deps, slip);
    return claimed.length;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'slip verifier run failed');
          return 0;
        })
        .finally(() => {
          running = undefined;
        });
      // A full batch means more may be waiting: go again at once.
      void running.then((n) => schedule(n >= batchSize ? 0 : intervalMs));
    }, delay);
  }

  return {
    runOnce,
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule(intervalMs);
    },
    /** Stops scheduling and waits for the run in progress, so the database can close after. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type SlipVerifier = ReturnType<typeof createSlipVerifier>;
