import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const TOKEN = 'operator-metrics-token-0123456789';

/** Series Prometheus makes itself for every target, not read from /metrics. */
const PROMETHEUS_OWN = new Set(['up']);
/** PromQL's words that look like series names. */
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'rate',
  'irate',
  'increase',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'label_replace',
  'histogram_quantile',
  'max_over_time',
  'min_over_time',
  'absent',
  'time',
]);

type Rule = { alert: string; expr: string };

/** The series names an expression reads: label matchers, strings and range selectors removed, PromQL's own words left out. */
function seriesNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    // `by (name)` and `without (...)` name labels, not series.
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(names.filter((n) => !PROMQL_WORDS.has(n)))];
}

/** Every series name a scrape can carry: each family's name, and a histogram's _bucket, _sum and _count. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name = '', type] = match;
    names.add(name);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

const rules: Rule[] = (parse(readFileSync(path.join(deploy, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (g) => g.rules,
);

describe('the alert rules in deploy/alerts.yml', () => {
  let t: TestApp;
  let exported: Set<string>;
  beforeAll(async () => {
    t = await startTestApp('embedded', { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    exported = exportedNames(res.body);
  });
  afterAll(() => t.close());

  it('cover the eight situations an operator must hear about', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual([
      'JettonAutoDepositPollerLagging',
      'JettonHighErrorRate',
      'JettonJobFailing',
      'JettonNodeDown',
      'JettonPayoutWaitingTooLong',
      'JettonRedisDown',
      'JettonTransferUnknownTooLong',
      'JettonUnmatchedDepositWaiting',
    ]);
  });

  it.each(rules)('$alert reads only series that /metrics exports', (rule) => {
    const names = seriesNames(rule.expr);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(PROMETHEUS_OWN.has(name) || exported.has(name), `${name} in ${rule.alert}`).toBe(true);
  });

  it('finds the names in an expression (the checker itself)', () => {
    expect(seriesNames('sum(rate(a_count{status=~"5.."}[5m])) / sum(rate(a_count[5m])) > 0.01')).toEqual(['a_count']);
    expect(seriesNames('max by (name) (b) >= 3 or up{job="x"} == 0')).toEqual(['b', 'up']);
  });
});

// CI installs Debian's prometheus package for promtool (.ci/run); elsewhere it may be missing.
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe.skipIf(!promtool)('promtool', () => {
  it('checks the rules', () => {
    const result = spawnSync('promtool', ['check', 'rules', 'alerts.yml'], { cwd: deploy, encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('fires each alert on the series that should fire it, and not below its threshold (deploy/alerts.test.yml)', () => {
    const result = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: deploy, encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });
});
