/**
 * A small closed-loop HTTP load: `connections` keep-alive sockets, each sending
 * its next request as soon as the last is answered, for `durationS` or until
 * `maxRequests`. Latencies are kept with microsecond precision (autocannon's
 * histogram rounds to whole milliseconds, too coarse to compare 2 ms reads).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type ClosedLoopRequest = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer };
export type ClosedLoopResult = {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function closedLoop(options: {
  url: string;
  connections: number;
  durationS: number;
  maxRequests?: number;
  request: (n: number) => ClosedLoopRequest;
}): Promise<ClosedLoopResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationS * 1000;
  const send = (r: ClosedLoopRequest) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: r.method,
          path: r.path,
          headers: { ...r.headers, ...(r.body === undefined ? {} : { 'content-length': Buffer.byteLength(r.body) }) },
          agent,
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(r.body);
    });
  const worker = async () => {
    while (performance.now() < deadline && (options.maxRequests === undefined || next < options.maxRequests)) {
      const request = options.request(next++);
      const t0 = performance.now();
      const status = await send(request);
      latencies.push(performance.now() - t0);
      if (status === 0) errors += 1;
      else statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statuses).reduce((n, [s, c]) => (s.startsWith('2') ? n : n + c), 0);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    non2xx,
    errors,
    statuses,
  };
}
