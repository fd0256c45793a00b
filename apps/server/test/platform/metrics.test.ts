import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../../src/metrics/metrics-routes.ts';
import { createNodeMetrics } from '../../src/metrics/node-metrics.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { activated, expectHealthy, transfer, walletMember } from '../support/wallet-support.ts';
import { payoutFaults, withdraw } from '../support/withdraw-support.ts';

const TOKEN = 'operator-metrics-token-0123456789';

/** One sample's value from the text format, by its name and exact label set ('' for none). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe.each(testEngines())('/metrics on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses strangers and members (401), whatever they send', async () => {
    const m = await walletMember(t);
    for (const authorization of [undefined, `Bearer ${m.token}`, 'Bearer wrong-token-wrong-token-00', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
      expect(res.body).not.toContain('jetton_');
    }
  });

  it('counts requests per route pattern and status, and transfers by outcome', async () => {
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'pg');
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 10 })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/no-such-path/12345' });
    const text = await scrape();
    expect(sample(text, 'jetton_http_request_duration_seconds_count', 'method="POST",route="/api/wallet/transfer",status="200"')).toBe(1);
    // Unknown paths share one label, so a scan of random URLs cannot grow the series.
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('no-such-path');
    expect(sample(text, 'jetton_transfers_total', 'outcome="success",stage="request"')).toBe(1);
    expect(sample(text, 'jetton_health_up')).toBe(1);
    expect(sample(text, 'jetton_redis_up')).toBe(1);
    expect(sample(text, 'jetton_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'jetton_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('jetton_process_cpu_seconds_total');
  });

  it('shows a transfer in an unknown state and its age, until reconciliation settles it', async () => {
    const sandbox = sandboxOf(t);
    const m = await walletMember(t, 10_000n);
    await activated(t, m, 'pg');
    await sandbox.setFaults({ game: 'pg', unknownOutcome: { applied: true, answer: 'garbled' } });
    expect((await transfer(t, m.token, { from: 'WALLET', to: 'pg', amount: 10 })).statusCode).toBe(202);
    await sandbox.resetFaults();
    t.clock.advance(11 * 60_000);
    let text = await scrape();
    expect(sample(text, 'jetton_transfers_unknown')).toBe(1);
    expect(sample(text, 'jetton_transfer_unknown_oldest_age_seconds')).toBe(660);
    expect(sample(text, 'jetton_transfers_total', 'outcome="unknown",stage="request"')).toBe(1);
    await t.app.services.transferReconciler.runOnce();
    text = await scrape();
    expect(sample(text, 'jetton_transfers_unknown')).toBe(0);
    expect(sample(text, 'jetton_transfer_unknown_oldest_age_seconds')).toBe(0);
    expect(sample(text, 'jetton_transfers_total', 'outcome="success",stage="reconciliation"')).toBe(1);
    await expectHealthy(t);
  });

  it('shows the payout queue and the age of its oldest withdrawal', async () => {
    await payoutFaults(t, 'unavailable');
    const m = await walletMember(t, 100_000n);
    expect((await withdraw(t, m.token, { amount: 300 })).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    const text = await scrape();
    expect(sample(text, 'jetton_payout_queue')).toBe(1);
    expect(sample(text, 'jetton_payout_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(960);
    await payoutFaults(t, 'none');
  });
});

describe('/metrics without a token on the main port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
  });
  afterAll(() => t.close());

  it('answers 404, as if it did not exist, to everyone', async () => {
    const m = await walletMember(t);
    for (const headers of [{}, { authorization: `Bearer ${m.token}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    }
  });
});

describe('the separate metrics port', () => {
  const metrics = createNodeMetrics({ defaultMetrics: false });
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0, token: undefined });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('serves /metrics only', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE jetton_http_request_duration_seconds histogram');
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('asks for the token there too when one is set', async () => {
    const guarded = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0, token: TOKEN });
    const url = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    await new Promise((resolve) => guarded.close(resolve));
  });
});

describe('job figures', () => {
  it('counts a job failing runs in a row, and starts again from 0 after a pass that succeeds', async () => {
    const metrics = createNodeMetrics({ defaultMetrics: false });
    for (const ok of [false, false, false]) metrics.jobPass('withdrawal payout', ok);
    let text = await metrics.render();
    expect(sample(text, 'jetton_job_consecutive_failures', 'name="withdrawal_payout"')).toBe(3);
    expect(sample(text, 'jetton_job_failures_total', 'name="withdrawal_payout"')).toBe(3);
    metrics.jobPass('withdrawal payout', true);
    text = await metrics.render();
    expect(sample(text, 'jetton_job_consecutive_failures', 'name="withdrawal_payout"')).toBe(0);
    expect(sample(text, 'jetton_job_runs_total', 'name="withdrawal_payout"')).toBe(4);
  });
});

describe('figures (the dashboard health panel reads them)', () => {
  it('are the series render() prints: a job failing, its last failure time, and queues left out when the database fails', async () => {
    let now = new Date('2026-11-21T05:00:00Z');
    const metrics = createNodeMetrics({ defaultMetrics: false, now: () => now });
    metrics.setSources({ queues: () => Promise.reject(new Error('database down')) });
    for (const ok of [true, false, false]) metrics.jobPass('withdrawal payout', ok);
    now = new Date('2026-11-21T05:01:00Z');
    metrics.jobPass('withdrawal payout', false);
    metrics.observeRequest('GET', '/api/x', 200, 0.01);
    metrics.observeRequest('GET', '/api/x', 503, 0.01);
    const text = await metrics.render();
    const figures = await metrics.figures();
    expect(sample(text, 'jetton_transfers_unknown')).toBeUndefined();
    expect(figures.queues).toBeNull();
    expect(sample(text, 'jetton_job_last_failure_timestamp_seconds', 'name="withdrawal_payout"')).toBe(now.getTime() / 1000);
    expect(figures.jobs).toEqual([
      { name: 'withdrawal_payout', runs: 4, failures: 3, consecutiveFailures: 3, lastFailureAt: now.getTime() / 1000 },
    ]);
    expect(figures.requests).toEqual({ total: 2, serverErrors: 1, since: Date.parse('2026-11-21T05:00:00Z') / 1000 });
    metrics.setSources({
      queues: () => Promise.resolve({ unknownTransfers: 2, oldestUnknownTransferAge: 30, payoutQueue: 1, oldestPayoutAge: 5 }),
    });
    expect((await metrics.figures()).queues).toEqual({
      unknownTransfers: 2,
      oldestUnknownTransferAge: 30,
      payoutQueue: 1,
      oldestPayoutAge: 5,
    });
    expect(sample(await metrics.render(), 'jetton_transfers_unknown')).toBe(2);
  });
});
