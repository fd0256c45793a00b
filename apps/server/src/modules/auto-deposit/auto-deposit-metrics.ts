import { Counter, Gauge, Histogram } from 'prom-client';
import type { Clock } from '../../clock.ts';
import type { NodeMetrics } from '../../metrics/node-metrics.ts';
import type { AutoDepositFigureReader } from './auto-deposit-figures.ts';

/**
 * Automatic deposits' series on the node's /metrics (docs/auto-deposit.md,
 * "Metrics and alerts"): the unmatched queue's size and age and the AUTO
 * poller's lag are read from the database at scrape time (every node answers
 * the same); parse failures and arrival-to-credit times are this node's.
 */
export function registerAutoDepositMetrics(deps: { clock: Clock; metrics: NodeMetrics; figures: AutoDepositFigureReader }) {
  const registers = [deps.metrics.registry];
  let read: Promise<{ size: number; oldest: Date | null; unparsed: number } | undefined> | undefined;
  const figures = () => {
    // One read per scrape for the three gauges.
    read ??= deps.figures
      .queue()
      .catch(() => undefined)
      .finally(() => setTimeout(() => (read = undefined), 0).unref());
    return read;
  };
  new Gauge({
    name: 'jetton_unmatched_deposits',
    help: 'Incoming deposit lines waiting for an operator (unmatched, unparsed, proposed), all nodes.',
    registers,
    async collect() {
      const f = await figures();
      if (f) this.set(f.size);
      else this.remove();
    },
  });
  new Gauge({
    name: 'jetton_unmatched_deposits_oldest_age_seconds',
    help: 'Age of the oldest incoming deposit line waiting for an operator (0 when none).',
    registers,
    async collect() {
      const f = await figures();
      if (f) this.set(f.oldest ? Math.max(0, (deps.clock.now().getTime() - f.oldest.getTime()) / 1000) : 0);
      else this.remove();
    },
  });
  new Gauge({
    name: 'jetton_auto_deposit_poll_lag_seconds',
    help: 'Seconds since the AUTO account polled longest ago was last read (0 when no AUTO account).',
    registers,
    async collect() {
      try {
        this.set(await deps.figures.pollLagSeconds());
      } catch {
        this.remove();
      }
    },
  });
  const parseFailures = new Counter({
    name: 'jetton_sms_parse_failures_total',
    help: 'Forwarded SMS no parser could read (kept raw in the unmatched queue), this node.',
    registers,
  });
  const arrival = new Histogram({
    name: 'jetton_auto_deposit_line_lag_seconds',
    help: 'From a transfer on the statement to its line being stored (AUTO), this node.',
    buckets: [1, 2, 5, 10, 30, 60, 300],
    registers,
  });
  return { parseFailure: () => parseFailures.inc(), lineLag: (ms: number) => arrival.observe(ms / 1000) };
}
