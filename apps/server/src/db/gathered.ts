import { isConnectionLoss } from './connection-loss.ts';

export type GatheredOptions = {
  /** Calls per batch at most. */
  maxBatch?: number;
  /**
   * When a batch of several fails (other than by a lost connection), run each
   * of its calls again alone, so each caller gets its own answer or error: for
   * statements where one caller's bad input (a unique key it collides with)
   * must not fail the others. A statement is atomic, so the failed batch wrote
   * nothing.
   */
  aloneOnError?: boolean;
};

/**
 * Calls that arrive while a batch is in flight wait for the next one, which
 * runs them all as ONE statement: one round trip and one commit for every
 * caller, the way the post queue gathers postings (docs/performance.md,
 * "Gathered statements"). No timer: a lone call goes at once, and under load a
 * batch is whatever gathered during the previous one. `run` answers one output
 * per input, in order; when it throws, every call of its batch gets the error,
 * as each would have got it from a statement of its own (unless `aloneOnError`).
 */
export function gathered<I, O>(run: (inputs: I[]) => Promise<O[]>, options: GatheredOptions = {}): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  const maxBatch = options.maxBatch ?? 100;
  const waiting: Call[] = [];
  let running = false;

  async function runBatch(calls: Call[]): Promise<void> {
    try {
      const outputs = await run(calls.map((c) => c.input));
      if (outputs.length !== calls.length) throw new Error(`a gathered statement answered ${outputs.length} rows for ${calls.length}`);
      calls.forEach((call, i) => call.resolve(outputs[i] as O));
    } catch (error) {
      if (options.aloneOnError && calls.length > 1 && !isConnectionLoss(error)) {
        for (const call of calls) await runBatch([call]);
        return;
      }
      for (const call of calls) call.reject(error);
    }
  }

  function pump(): void {
    if (running || waiting.length === 0) return;
    running = true;
    void runBatch(waiting.splice(0, maxBatch)).finally(() => {
      running = false;
      pump();
    });
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      pump();
    });
}
