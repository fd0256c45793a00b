/**
 * Open-loop HTTP load: requests ARRIVE at a constant rate, whether or not the
 * earlier ones have been answered, the way independent members arrive.
 *
 * Why: in a closed loop (autocannon's default) each connection waits for its
 * answer before sending again, so at saturation the latency is only queueing
 * (about connections / throughput) and says nothing about what a member waits at
 * a given traffic. autocannon's fixed-rate mode releases each second's quota in
 * one burst, so its latency measures the burst. Here request i is due at
 * i / rate seconds (evenly spaced) and goes out over a keep-alive agent with at
 * most `connections` sockets; a timer loop catches up on every tick, issuing all
 * requests whose due time has passed (timers are only ~1 ms exact).
 *
 * Latency is measured from the INTENDED start to the end of the response body,
 * not from when the socket was free: when all sockets are busy the wait in the
 * agent's queue is part of what the member sees (this corrects "coordinated
 * omission"). Requests due in the first `warmupS` seconds (default 1) are sent
 * but not recorded. Transport errors have no latency; they are counted apart
 * from non-2xx answers. Timer lateness adds up to ~1 ms to a latency.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type OpenLoopRequest = { method: string; path: string; headers: Record<string, string>; body?: string };

export type OpenLoopOptions = {
  url: string;
  connections: number;
  ratePerSecond: number;
  durationS: number;
  warmupS?: number;
  request: (i: number) => OpenLoopRequest;
};

export type OpenLoopResult = {
  offeredPerSecond: number;
  /**
   * Answers per second from the end of the warm-up to the last answer: the server's throughput at this load
   * (a little above the offered rate when answers to warm-up requests were still queued at the window's start).
   */
  achievedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  /** Measured requests (those due after the warm-up). */
  count: number;
};

const TIMEOUT_MS = 30_000;

export function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { connections, ratePerSecond: rate, durationS } = options;
  const warmupS = options.warmupS ?? 1;
  if (!(rate > 0) || !(durationS > 0)) throw new Error('openLoop: rate and duration must be positive');
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const skipped = Math.round(rate * warmupS); // requests 0..skipped-1 are warm-up
  const total = skipped + Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  const latencies = new Float64Array(total - skipped);
  let recorded = 0;
  let non2xx = 0;
  let errors = 0;
  let finished = 0;
  let lastEnd = 0;
  let issued = 0;
  let answered = 0;
  const start = performance.now();
  const windowStart = start + skipped * intervalMs;

  return new Promise((resolve) => {
    const done = (i: number, ok: boolean, status = 0) => {
      const end = performance.now();
      if (ok && end >= windowStart) answered += 1; // warm-up answers in the window count toward throughput too
      if (i >= skipped) {
        if (!ok) errors += 1;
        else {
          latencies[recorded++] = end - (start + i * intervalMs);
          if (status < 200 || status > 299) non2xx += 1;
        }
        lastEnd = Math.max(lastEnd, end);
      }
      finished += 1;
      if (finished === total) {
        agent.destroy();
        resolve(summarise());
      }
    };

    const send = (i: number) => {
      const { method, path, headers, body } = options.request(i);
      let settled = false;
      const settle = (ok: boolean, status?: number) => {
        if (settled) return;
        settled = true;
        done(i, ok, status);
      };
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method,
          path,
          headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          res.resume(); // consume the body fully; the answer ends with it
          res.on('end', () => settle(true, res.statusCode));
          res.on('error', () => settle(false));
        },
      );
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
      req.on('error', () => settle(false));
      req.end(body);
    };

    const tick = () => {
      const now = performance.now();
      while (issued < total && start + issued * intervalMs <= now) send(issued++);
      if (issued < total) setTimeout(tick, Math.max(0, start + issued * intervalMs - performance.now()));
    };

    const summarise = (): OpenLoopResult => {
      const sorted = latencies.subarray(0, recorded).sort();
      const at = (q: number) => (recorded === 0 ? 0 : round(sorted[Math.min(recorded - 1, Math.ceil(q * recorded) - 1)] ?? 0));
      const measuredS = (lastEnd - windowStart) / 1000;
      return {
        offeredPerSecond: rate,
        achievedPerSecond: measuredS > 0 ? round(answered / measuredS) : 0,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: at(1),
        non2xx,
        errors,
        count: total - skipped,
      };
    };

    tick();
  });
}

const round = (x: number) => Math.round(x * 10) / 10;
