import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGracefulClose } from '../http/graceful-close.ts';
import { createJobScheduler, serialJob } from './periodic-job.ts';

/** A bare app with the close signal the scheduler waits on at shutdown. */
function bareApp() {
  const app = Fastify({ logger: false });
  registerGracefulClose(app);
  return app;
}

describe('the job scheduler', () => {
  it('reports each pass, failed or not, to whoever listens (metrics, the LINE alert)', async () => {
    const app = bareApp();
    const passes: { name: string; ok: boolean }[] = [];
    let heard: () => void = () => undefined;
    const fourPasses = new Promise<void>((resolve) => (heard = resolve));
    const scheduler = createJobScheduler(app, {
      enabled: true,
      onPass: (name, ok) => {
        passes.push({ name, ok });
        if (passes.length === 4) heard();
      },
    });
    let run = 0;
    // Fails twice, then works, then fails again: the listener must see exactly that order.
    const job = serialJob(() => {
      run += 1;
      if (run === 3) return Promise.resolve({ claimed: 0 });
      return Promise.reject(new Error(`pass ${run} failed`));
    });
    scheduler.every(job, { name: 'flaky', intervalMs: () => Promise.resolve(1) });
    await app.ready();
    await fourPasses;
    await app.close();
    expect(passes.slice(0, 4)).toEqual([
      { name: 'flaky', ok: false },
      { name: 'flaky', ok: false },
      { name: 'flaky', ok: true },
      { name: 'flaky', ok: false },
    ]);
  });

  it('runs nothing when disabled: the tests drive passes by hand', async () => {
    const app = bareApp();
    let runs = 0;
    const scheduler = createJobScheduler(app, { enabled: false, onPass: () => undefined });
    scheduler.every(
      serialJob(() => {
        runs += 1;
        return Promise.resolve({ claimed: 0 });
      }),
      { name: 'idle', intervalMs: () => Promise.resolve(1) },
    );
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await app.close();
    expect(runs).toBe(0);
  });
});
