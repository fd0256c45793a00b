import type { FastifyInstance } from 'fastify';
import { untilAborted } from './until-aborted.ts';

/** A job whose passes never overlap on a node. */
export type SerialJob<T> = {
  /** One full pass; a call during a pass waits for it, then runs its own, so a test's runOnce() sees everything due. */
  runOnce: () => Promise<T>;
  /** The pass in progress, if any (for shutdown). */
  idle: () => Promise<unknown>;
};

export function serialJob<T>(pass: () => Promise<T>): SerialJob<T> {
  let running: Promise<T> | undefined;
  return {
    async runOnce() {
      while (running) await running.catch(() => undefined);
      const current = pass();
      running = current;
      try {
        return await current;
      } finally {
        if (running === current) running = undefined;
      }
    },
    idle() {
      return running?.catch(() => undefined) ?? Promise.resolve();
    },
  };
}

/**
 * Runs a job every `intervalMs()` (asked again each time, so an operator's
 * change applies without a restart) from the app's start until it closes,
 * logging passes that found work. The timer never keeps the process alive.
 */
function schedulePeriodic<T extends { claimed: number }>(
  app: FastifyInstance,
  job: SerialJob<T>,
  options: JobSchedule & { onPass: (name: string, ok: boolean) => void },
): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastDelay: number | undefined;
  const schedule = async () => {
    if (closed) return;
    // The interval comes from the database: with it unreachable, the last one known (or a minute) keeps the job alive.
    const delay = await options.intervalMs().then(
      (ms) => (lastDelay = ms),
      (error: unknown) => {
        app.log.warn({ err: error, job: options.name }, 'job interval not read: keeping the last one');
        return lastDelay ?? 60_000;
      },
    );
    if (closed) return;
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };
  const tick = async () => {
    try {
      const summary = await job.runOnce();
      const fields: Record<string, unknown> = { job: options.name, ...summary };
      if (summary.claimed > 0) app.log.info(fields, 'job pass');
      options.onPass(options.name, true);
    } catch (error) {
      app.log.error({ err: error, job: options.name }, 'job pass failed');
      options.onPass(options.name, false);
    }
    await schedule();
  };
  app.addHook('onReady', schedule);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    // The pass in progress finishes, or is left once the close signal fires (its provider calls are
    // aborted by then; what it claimed comes back when the lease ends): docs/http.md, "Shutdown".
    await Promise.race([job.idle(), untilAborted(app.closeSignal)]);
  });
}

/** A job's name (in logs and metrics) and its interval, asked again before each pass. */
export type JobSchedule = { name: string; intervalMs: () => Promise<number> };

/**
 * The node's one scheduler of periodic jobs, built by the composition (compose.ts) and handed to
 * every feature with a job. Disabled (tests drive passes with runOnce()), `every` does nothing.
 */
export type JobScheduler = {
  readonly enabled: boolean;
  every: <T extends { claimed: number }>(job: SerialJob<T>, schedule: JobSchedule) => void;
};

export function createJobScheduler(
  app: FastifyInstance,
  options: { enabled: boolean; onPass: (name: string, ok: boolean) => void },
): JobScheduler {
  return {
    enabled: options.enabled,
    every(job, schedule) {
      if (options.enabled) schedulePeriodic(app, job, { ...schedule, onPass: options.onPass });
    },
  };
}
