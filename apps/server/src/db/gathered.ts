/**
 * Calls that arrive while a batch is in flight wait for the next one, which
 * runs them all as ONE statement: one round trip and one commit for every
 * caller, the way the post queue gathers postings (docs/performance.md,
 * "Gathered statements"). No timer: a lone call goes at once, and under load a
 * batch is whatever gathered during the previous one. `run` answers one output
 * per input, in order; when it throws, every call of its batch gets the error,
 * as each would have got it from a statement of its own.
 */
export function gathered<I, O>(run: (inputs: I[]) => Promise<O[]>, maxBatch = 100): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  const waiting: Call[] = [];
  let running = false;

  async function runBatch(calls: Call[]): Promise<void> {
    try {
      const outputs = await run(calls.map((c) => c.input));
      if (outputs.length !== calls.length) throw new Error(`a gathered statement answered ${outputs.length} rows for ${calls.length}`);
      calls.forEach((call, i) => call.resolve(outputs[i] as O));
    } catch (error) {
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
