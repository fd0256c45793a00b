import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { ZFaults, type TFaults } from '../demo-api-schemas.ts';

const NO_FAULTS: TFaults = ZFaults.parse({});

/**
 * Fault controls of the demo provider, per game code or global (per node, in
 * memory: a sandbox for tests and demos). A game's own setting wins over the
 * global one.
 */
export function createDemoFaults() {
  let global: TFaults = NO_FAULTS;
  const perGame = new Map<string, TFaults>();
  return {
    set(game: string | null, faults: TFaults): void {
      if (game === null) global = faults;
      else perGame.set(game, faults);
    },
    reset(): void {
      global = NO_FAULTS;
      perGame.clear();
    },
    snapshot(): { global: TFaults; games: Record<string, TFaults> } {
      return { global, games: Object.fromEntries(perGame) };
    },
    for(game: string): TFaults {
      return perGame.get(game) ?? global;
    },
  };
}

export type DemoFaults = ReturnType<typeof createDemoFaults>;

export type ApiAnswer = { status: number; body: unknown };

/**
 * Runs one provider API call through the configured faults:
 * latency -> maybe refused before any work (`refuse`) -> unknown outcome
 * (applied or not, then 500 or garbage) -> applied but answered too late.
 * Waits end when this server closes (docs/http.md, "Shutdown"): a call still
 * in its latency then is refused unapplied, a held answer is let go.
 */
export async function withFaults(
  faults: TFaults,
  reply: FastifyReply,
  work: { apply: () => Promise<ApiAnswer>; refuse?: () => Promise<ApiAnswer> },
): Promise<FastifyReply> {
  const closing = reply.server.closeSignal;
  if (faults.latencyMs > 0) await sleep(faults.latencyMs, undefined, { signal: closing }).catch(() => undefined);
  if (closing.aborted) return reply.status(503).send({ error: 'UNAVAILABLE' });
  if (faults.failureRate > 0 && randomInt(1_000_000) < faults.failureRate * 1_000_000) {
    const refused = work.refuse ? await work.refuse() : { status: 503, body: { error: 'UNAVAILABLE' } };
    return reply.status(refused.status).send(refused.body);
  }
  if (faults.unknownOutcome) {
    if (faults.unknownOutcome.applied) await work.apply();
    return faults.unknownOutcome.answer === '500'
      ? reply.status(500).send({ error: 'INTERNAL' })
      : reply.status(200).type('application/json').send('{"status":"SUCC<html><body>502 Bad Gateway');
  }
  const answer = await work.apply();
  if (faults.timeout) await untilClientLeaves(reply, faults.hangMs, closing);
  return reply.status(answer.status).send(answer.body);
}

/** Holds the answer until the caller hangs up (its timeout fired), `maxMs` passes or the server closes. */
async function untilClientLeaves(reply: FastifyReply, maxMs: number, closing: AbortSignal): Promise<void> {
  // Gone already (its deadline passed while the call was applied, on a slow machine): the 'close'
  // event below has fired and would not again, so the hold would last the whole `maxMs`.
  if (reply.raw.destroyed) return;
  const controller = new AbortController();
  // The response closes early when the client aborts the request.
  const gone = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
  const signal = AbortSignal.any([controller.signal, closing]);
  await Promise.race([gone, sleep(maxMs, undefined, { signal }).catch(() => undefined)]);
  controller.abort();
}
