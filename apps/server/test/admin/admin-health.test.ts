import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HEALTH_ALERT_THRESHOLDS, ZAdminHealth, type TAdminHealth } from '@jetton/contract/admin/health';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { activated, transfer, walletMember } from '../support/wallet-support.ts';
import { payoutFaults, withdraw } from '../support/withdraw-support.ts';

/**
 * The dashboard's health panel (docs/operations.md, "The dashboard's health panel") shows what
 * /metrics exports for the same state: both read the node's series (NodeMetrics.figures / render).
 */
const TOKEN = 'operator-metrics-token-0123456789';

/** Every sample of the text format, keyed `name{labels}` as printed ('' labels: the bare name). */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

describe.each(testEngines())('the dashboard health figures on the %s database', (engine) => {
  let t: TestApp;
  let owner: AdminClient;
  beforeAll(async () => {
    // No job timers: a pass between the scrape and the dashboard read would change the counters.
    t = await startTestApp(engine, { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } }, { startJobs: false });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return samples(res.body);
  };
  const health = async (client: AdminClient = owner): Promise<TAdminHealth> => {
    const res = await client.call(ADMIN_ROUTES.dashboard.health);
    expect(res.statusCode, res.body).toBe(200);
    return ZAdminHealth.parse(res.json());
  };

  /** What the panel shows against what /metrics exported, series by series. */
  function expectSame(h: TAdminHealth, m: Map<string, number>, requestsBetween: number) {
    expect(h.queues).toEqual({
      unknownTransfers: m.get('jetton_transfers_unknown'),
      oldestUnknownTransferAgeSeconds: m.get('jetton_transfer_unknown_oldest_age_seconds'),
      payoutQueue: m.get('jetton_payout_queue'),
      oldestPayoutAgeSeconds: m.get('jetton_payout_queue_oldest_age_seconds'),
    });
    expect(h.database).toEqual({ poolInUse: m.get('jetton_db_pool_in_use'), poolWaiting: m.get('jetton_db_pool_waiting') });
    expect(h.redisUp).toBe(m.get('jetton_redis_up') === 1);
    expect(h.healthUp).toBe(m.get('jetton_health_up') === 1);
    for (const job of h.jobs) {
      const label = `{name="${job.name}"}`;
      expect(job.runs).toBe(m.get(`jetton_job_runs_total${label}`) ?? 0);
      expect(job.failures).toBe(m.get(`jetton_job_failures_total${label}`) ?? 0);
      expect(job.consecutiveFailures).toBe(m.get(`jetton_job_consecutive_failures${label}`) ?? 0);
      const last = m.get(`jetton_job_last_failure_timestamp_seconds${label}`);
      expect(job.lastFailureAt).toBe(last === undefined ? null : new Date(last * 1000).toISOString());
    }
    const jobsInMetrics = [...m.keys()].filter((k) => k.startsWith('jetton_job_runs_total{')).length;
    expect(h.jobs).toHaveLength(jobsInMetrics);
    let total = 0;
    let errors = 0;
    for (const [key, value] of m) {
      if (!key.startsWith('jetton_http_request_duration_seconds_count{')) continue;
      total += value;
      if (/status="5\d\d"/.test(key)) errors += value;
    }
    // The requests answered after the scrape was printed (the scrape itself) are counted by the panel too.
    expect(h.requests.total).toBe(total + requestsBetween);
    expect(h.requests.serverErrors).toBe(errors);
  }

  it('shows an unknown transfer, a waiting payout and a failing job exactly as /metrics exports them', async () => {
    const sandbox = sandboxOf(t);
    const m = await walletMember(t, 100_000n);
    await activated(t, m, 'pg');
    await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: true, answer: 'garbled' } });
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 10 })).statusCode).toBe(202);
    await sandbox.resetFaults();
    await payoutFaults(t, 'unavailable');
    expect((await withdraw(t, m.token, { amount: 300 })).statusCode).toBe(200);
    await payoutFaults(t, 'none');
    for (const ok of [true, false, false, false]) t.app.services.metrics.jobPass('withdrawal payout', ok);
    t.app.services.metrics.jobPass('transfer reconciliation', true);
    t.clock.advance(16 * 60_000);
    // The pool's figures are of the instant (the reads themselves take connections): a fixed source, so both show it.
    t.app.services.metrics.setSources({ pool: () => ({ inUse: 3, waiting: 1, size: 10 }) });
    // Logged in after the clock moved, so the session is not idle (and its requests counted before the scrape).
    owner = await loginOperator(t, ['owner']);

    const metrics = await scrape();
    const h = await health();
    expectSame(h, metrics, 1);
    // The state made above, past every threshold the alert rules use.
    expect(h.queues?.unknownTransfers).toBe(1);
    expect(h.queues?.oldestUnknownTransferAgeSeconds).toBeGreaterThan(HEALTH_ALERT_THRESHOLDS.unknownTransferAgeSeconds);
    expect(h.queues?.payoutQueue).toBe(1);
    expect(h.queues?.oldestPayoutAgeSeconds).toBeGreaterThan(HEALTH_ALERT_THRESHOLDS.payoutAgeSeconds);
    const payout = h.jobs.find((j) => j.name === 'withdrawal_payout');
    expect(payout).toMatchObject({ runs: 4, failures: 3, consecutiveFailures: HEALTH_ALERT_THRESHOLDS.jobConsecutiveFailures });
    expect(payout?.lastFailureAt).toBe(new Date(t.clock.now().getTime() - 16 * 60_000).toISOString());
    expect(h.jobs.find((j) => j.name === 'transfer_reconciliation')).toMatchObject({ runs: 1, failures: 0, lastFailureAt: null });
    expect(h.database).toEqual({ poolInUse: 3, poolWaiting: 1 });
    expect(h.redisUp).toBe(true);
    // This node runs without Redis: the panel is told so, not that Redis is up.
    expect(h.redisConfigured).toBe(false);
    expect(h.healthUp).toBe(true);
    expect(h.requests.total).toBeGreaterThan(0);
  });

  it('agrees again after reconciliation settles the transfer and a pass succeeds', async () => {
    await t.app.services.transferReconciler.runOnce();
    t.app.services.metrics.jobPass('withdrawal payout', true);
    // The other order this time: the panel first, then /metrics (which counts the panel's request).
    const h = await health();
    const metrics = await scrape();
    expect(metrics.get('jetton_transfers_unknown')).toBe(0);
    expect(h.queues?.unknownTransfers).toBe(0);
    expect(h.queues?.oldestUnknownTransferAgeSeconds).toBe(0);
    expect(h.jobs.find((j) => j.name === 'withdrawal_payout')?.consecutiveFailures).toBe(0);
    expectSame(h, metrics, -1);
  });

  it('is open to every role that sees the dashboard', async () => {
    for (const role of ['finance', 'support', 'marketing', 'viewer'] as const) {
      await health(await loginOperator(t, [role]));
    }
  });
});

describe('the panel thresholds', () => {
  it('are the numbers deploy/alerts.yml fires on', () => {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/alerts.yml');
    const doc = parse(readFileSync(file, 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] };
    const expr = (alert: string) =>
      doc.groups
        .flatMap((g) => g.rules)
        .find((r) => r.alert === alert)
        ?.expr.replace(/\s+/g, ' ');
    expect(expr('JettonTransferUnknownTooLong')).toBe(
      `max(jetton_transfer_unknown_oldest_age_seconds) > ${HEALTH_ALERT_THRESHOLDS.unknownTransferAgeSeconds}`,
    );
    expect(expr('JettonPayoutWaitingTooLong')).toBe(
      `max(jetton_payout_queue_oldest_age_seconds) > ${HEALTH_ALERT_THRESHOLDS.payoutAgeSeconds}`,
    );
    expect(expr('JettonJobFailing')).toBe(
      `max by (name) (jetton_job_consecutive_failures) >= ${HEALTH_ALERT_THRESHOLDS.jobConsecutiveFailures}`,
    );
    expect(expr('JettonHighErrorRate')).toMatch(
      new RegExp(`> ${HEALTH_ALERT_THRESHOLDS.serverErrorShare.toString().replace('.', '\\.')} ?$`),
    );
  });
});
