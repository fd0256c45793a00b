/**
 * GET /api/lookup/banks on the real app against a bare Fastify hello-world, in
 * one run on the same machine: requests/s of each and their ratio. Rounds
 * alternate between the two and the median ratio is reported, so a burst of
 * other load on the machine does not decide the figure.
 * Target: the lookup at >= 0.6 of hello-world.
 */
import { load, saveResult, startChild, stopChild, type LoadResult } from './lib.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const TARGET_RATIO = 0.6;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const line = (name: string, r: LoadResult): string =>
  `  ${name.padEnd(14)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  non-2xx ${r.non2xx}`;

export async function runLookupBench(): Promise<void> {
  const { child, ports } = await startChild('lookup-servers.ts');
  const [appPort, helloPort] = ports;
  const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
  const lookupUrl = `http://127.0.0.1:${appPort}/api/lookup/banks`;
  try {
    // Warm up both servers (JIT, caches) before measuring.
    await load({ url: helloUrl, connections: CONNECTIONS, duration: 2 });
    await load({ url: lookupUrl, connections: CONNECTIONS, duration: 2 });
    const rounds: { hello: LoadResult; lookup: LoadResult; ratio: number }[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const hello = await load({ url: helloUrl, connections: CONNECTIONS, duration: DURATION_S });
      const lookup = await load({ url: lookupUrl, connections: CONNECTIONS, duration: DURATION_S });
      rounds.push({ hello, lookup, ratio: lookup.requestsPerSecond / hello.requestsPerSecond });
    }
    const ratio = median(rounds.map((r) => r.ratio));
    console.log(`\nGET /api/lookup/banks vs bare Fastify hello-world (${ROUNDS} rounds of ${DURATION_S} s, ${CONNECTIONS} connections)`);
    rounds.forEach((r, i) => {
      console.log(`round ${i + 1}:`);
      console.log(line('hello-world', r.hello));
      console.log(line('lookup/banks', r.lookup));
      console.log(`  ratio          ${r.ratio.toFixed(2)}`);
    });
    console.log(`median ratio: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`);
    saveResult('lookup-vs-hello', { at: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, rounds, ratio });
  } finally {
    await stopChild(child);
  }
}
