import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a transfer leg's provider call came to: answered 200, refused, or unknown (202 PENDING, left to reconciliation). */
export type TransferOutcome = 'success' | 'failed' | 'unknown';
/** Where the outcome was learnt: answering the member's request, or a later reconciliation pass. */
export type TransferStage = 'request' | 'reconciliation';

/** Figures read from the database at scrape time (docs/operations.md, "Metrics"). */
export type QueueFigures = {
  unknownTransfers: number;
  /** Seconds since the oldest PENDING transfer was created; 0 when there is none. */
  oldestUnknownTransferAge: number;
  payoutQueue: number;
  /** Seconds since the oldest withdrawal still waiting for its payout was asked for; 0 when there is none. */
  oldestPayoutAge: number;
};

/** One job's figures on this node, as its series hold them. */
export type JobFigures = {
  name: string;
  runs: number;
  failures: number;
  consecutiveFailures: number;
  /** Seconds since the epoch of the last pass that failed; null when none failed since the node started. */
  lastFailureAt: number | null;
};

/**
 * The operator's health figures, read from the very series /metrics renders (the back office's
 * dashboard shows them: docs/operations.md, "The dashboard's health panel").
 */
export type HealthFigures = {
  /** Null when the database did not answer: the scrape leaves the queue gauges out then. */
  queues: QueueFigures | null;
  jobs: JobFigures[];
  pool: { inUse: number; waiting: number };
  redisUp: boolean;
  /** False when the node runs without Redis (redisUp is then true: nothing to be down). */
  redisConfigured: boolean;
  healthUp: boolean;
  /** Answers on this node since `since` (seconds since the epoch, when the series were made), and those that were 5xx. */
  requests: { total: number; serverErrors: number; since: number };
};

export type ScrapeSources = {
  /** Throws when the database does not answer: the figures are then left out of the scrape and health reads 0. */
  queues?: () => Promise<QueueFigures>;
  pool?: () => { inUse: number; waiting: number; size: number };
  redisUp?: () => boolean;
  /** Times the Redis link went down since the node started. */
  redisOutages?: () => number;
  healthy?: () => Promise<boolean>;
};

/**
 * One node's Prometheus series (prom-client, a registry per app: tests build several apps in one
 * process). Counters are bumped where things happen; queue, pool, Redis and health figures are read
 * when Prometheus scrapes. Names and their meaning: docs/operations.md, "Metrics".
 */
export function createNodeMetrics(options: { defaultMetrics?: boolean; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const since = now().getTime() / 1000;
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'jetton_' });
  const registers = [registry];

  const requests = new Histogram({
    name: 'jetton_http_request_duration_seconds',
    help: 'HTTP requests by route (the matched pattern, or "unmatched"), method and status, and how long each took to answer.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  /** One child per (method, status, route) seen; routes are patterns, so the map is bounded. */
  const requestSeries = new Map<string, ReturnType<typeof requests.labels>>();
  const transfers = new Counter({
    name: 'jetton_transfers_total',
    help: 'Transfer legs (wallet <-> game) by the outcome of their provider call: success, failed, or unknown (PENDING).',
    labelNames: ['outcome', 'stage'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'jetton_job_runs_total',
    help: 'Background job passes run, by job.',
    labelNames: ['name'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'jetton_job_failures_total',
    help: 'Background job passes that failed (threw), by job.',
    labelNames: ['name'] as const,
    registers,
  });
  const jobFailStreak = new Gauge({
    name: 'jetton_job_consecutive_failures',
    help: 'Passes of the job that failed in a row on this node (0 after a pass that succeeds).',
    labelNames: ['name'] as const,
    registers,
  });

  const jobLastFailure = new Gauge({
    name: 'jetton_job_last_failure_timestamp_seconds',
    help: 'When the last pass of the job that failed ended on this node (seconds since the epoch).',
    labelNames: ['name'] as const,
    registers,
  });

  const auditHead = new Gauge({
    name: 'jetton_audit_chain_head',
    help: "The audit chain's last row when this node last read it: its seq, labelled with its hash.",
    labelNames: ['hash'] as const,
    registers,
  });

  let sources: ScrapeSources = {};
  // One database read per scrape serves all four queue gauges (render() starts each scrape afresh).
  let queueRead: Promise<QueueFigures | undefined> | undefined;
  const queues = (): Promise<QueueFigures | undefined> => {
    queueRead ??= (sources.queues?.() ?? Promise.resolve(undefined)).catch(() => undefined);
    return queueRead;
  };
  const queueGauge = (name: string, help: string, pick: (f: QueueFigures) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const figures = await queues();
        if (figures) this.set(pick(figures));
        // Left out of the scrape, not 0 (reset() would print 0 for a gauge without labels): no read, no figure.
        else this.remove();
      },
    });
  queueGauge('jetton_transfers_unknown', 'Transfers whose outcome is not known yet (PENDING), all nodes.', (f) => f.unknownTransfers);
  queueGauge(
    'jetton_transfer_unknown_oldest_age_seconds',
    'Age of the oldest transfer whose outcome is not known yet (0 when none).',
    (f) => f.oldestUnknownTransferAge,
  );
  queueGauge(
    'jetton_payout_queue',
    'Withdrawals approved and waiting for their payout (approved or paying), all nodes.',
    (f) => f.payoutQueue,
  );
  queueGauge(
    'jetton_payout_queue_oldest_age_seconds',
    'Age of the oldest withdrawal waiting for its payout, from when it was asked for (0 when none).',
    (f) => f.oldestPayoutAge,
  );
  new Gauge({
    name: 'jetton_db_pool_in_use',
    help: 'Database connections checked out by a request or job now (the embedded engine has one).',
    registers,
    collect() {
      this.set(sources.pool?.().inUse ?? 0);
    },
  });
  new Gauge({
    name: 'jetton_db_pool_waiting',
    help: 'Requests and jobs waiting for a database connection now.',
    registers,
    collect() {
      this.set(sources.pool?.().waiting ?? 0);
    },
  });
  new Gauge({
    name: 'jetton_redis_up',
    help: 'Whether the Redis link is up (1) or down (0: limits count per node, the chat relays on this node only); 1 when REDIS_URL is not set.',
    registers,
    collect() {
      this.set(sources.redisUp === undefined || sources.redisUp() ? 1 : 0);
    },
  });
  new Counter({
    name: 'jetton_redis_outages_total',
    help: 'Times the Redis link went down since the node started (an outage shorter than the scrape interval shows here only).',
    registers,
    collect() {
      // Kept by the link itself; read at scrape time.
      this.reset();
      this.inc(sources.redisOutages?.() ?? 0);
    },
  });
  new Gauge({
    name: 'jetton_health_up',
    help: 'Whether /api/health would answer 200 now (1) or 503 (0).',
    registers,
    async collect() {
      this.set(sources.healthy ? ((await sources.healthy().catch(() => false)) ? 1 : 0) : 1);
    },
  });

  return {
    registry,
    /** Called once per answer (the access-log hook). */
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      // On every answer: the series is looked up by one string, not by hashing a label object.
      const key = `${method} ${status} ${route}`;
      let series = requestSeries.get(key);
      if (!series) requestSeries.set(key, (series = requests.labels({ method, route, status: String(status) })));
      series.observe(seconds);
    },
    transfer(outcome: TransferOutcome, stage: TransferStage): void {
      transfers.inc({ outcome, stage });
    },
    jobPass(job: string, ok: boolean): void {
      const label = { name: job.replaceAll(' ', '_') };
      jobRuns.inc(label);
      if (ok) jobFailStreak.set(label, 0);
      else {
        jobFailures.inc(label);
        jobFailStreak.inc(label);
        jobLastFailure.set(label, now().getTime() / 1000);
      }
    },
    /** One series: the head the audit job last published (docs/operators.md, "Audit trail"). */
    auditHead(seq: number, hash: string): void {
      auditHead.reset();
      auditHead.set({ hash }, seq);
    },
    /** The app hands over what is read at scrape time once it has built those parts. */
    setSources(more: ScrapeSources): void {
      sources = { ...sources, ...more };
    },
    render(): Promise<string> {
      queueRead = undefined;
      return registry.metrics();
    },
    /**
     * The same series render() prints, as figures: the registry's own walk of every series (each
     * collect() run as a scrape runs it: the same database read, pool, Redis and health check),
     * as JSON instead of text.
     */
    async figures(): Promise<HealthFigures> {
      queueRead = undefined;
      const series = new Map((await registry.getMetricsAsJSON()).map((m) => [m.name, m.values]));
      const values = (name: string) => series.get(name) ?? [];
      const one = (name: string): number => values(name)[0]?.value ?? 0;
      const byJob = new Map<string, JobFigures>();
      const job = (name: string | number | undefined): JobFigures => {
        const key = String(name);
        let figures = byJob.get(key);
        if (!figures) byJob.set(key, (figures = { name: key, runs: 0, failures: 0, consecutiveFailures: 0, lastFailureAt: null }));
        return figures;
      };
      for (const v of values('jetton_job_runs_total')) job(v.labels.name).runs = v.value;
      for (const v of values('jetton_job_failures_total')) job(v.labels.name).failures = v.value;
      for (const v of values('jetton_job_consecutive_failures')) job(v.labels.name).consecutiveFailures = v.value;
      for (const v of values('jetton_job_last_failure_timestamp_seconds')) job(v.labels.name).lastFailureAt = v.value;
      let total = 0;
      let serverErrors = 0;
      for (const v of values('jetton_http_request_duration_seconds')) {
        // A histogram's values are its buckets, _sum and _count, told apart by metricName.
        if ((v as { metricName?: string }).metricName !== 'jetton_http_request_duration_seconds_count') continue;
        total += v.value;
        if (String(v.labels.status).startsWith('5')) serverErrors += v.value;
      }
      // The one read the four queue gauges shared in this walk: undefined when the database did not answer.
      const read = await queues();
      return {
        queues: read
          ? {
              unknownTransfers: one('jetton_transfers_unknown'),
              oldestUnknownTransferAge: one('jetton_transfer_unknown_oldest_age_seconds'),
              payoutQueue: one('jetton_payout_queue'),
              oldestPayoutAge: one('jetton_payout_queue_oldest_age_seconds'),
            }
          : null,
        jobs: [...byJob.values()].sort((a, b) => a.name.localeCompare(b.name)),
        pool: { inUse: one('jetton_db_pool_in_use'), waiting: one('jetton_db_pool_waiting') },
        redisUp: one('jetton_redis_up') === 1,
        redisConfigured: sources.redisUp !== undefined,
        healthUp: one('jetton_health_up') === 1,
        requests: { total, serverErrors, since },
      };
    },
    contentType: registry.contentType,
  };
}

export type NodeMetrics = ReturnType<typeof createNodeMetrics>;
