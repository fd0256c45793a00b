/**
 * `npm run bench -- memory`: the server's resident memory (RSS) on the embedded
 * engine against the PostgreSQL-backed server, in one run: both serve the same
 * traffic at the same time (transfers wallet <-> game, wallet, statement and
 * profile reads over BENCH_MEMBERS members, 16 connections each) for
 * BENCH_MEMORY_SECONDS (default 180), sampled every 15 s. PostgreSQL's own
 * processes are not counted: the figure is the Node process a node runs.
 * Beside RSS: V8's heap and `external`, where the embedded engine's WebAssembly
 * memory is (it grows to what PostgreSQL inside it has touched and never
 * shrinks). Needs BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL
 * side; without it only the embedded server runs. Why the figures are what
 * they are: docs/performance.md, "Server memory".
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { ROUTES } from '@jetton/contract/routes';
import { ask, load, saveResult, startChild, stopChild } from './lib.ts';
/** The game the fixture opened for every member (bench/transfer-fixture.ts). */
const BENCH_GAME = 'pg';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 180);
const SAMPLE_S = 15;
const CONNECTIONS = 16;
const MIB = 1024 * 1024;
/** What an embedded node may hold after long traffic (docs/performance.md). */
const TARGET_MIB = 300;

type Usage = NodeJS.MemoryUsage;
type Node = { label: string; child: Awaited<ReturnType<typeof startChild>>['child']; url: string; tokens: string[] };

function requests(tokens: string[]) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const transfer = (from: string, to: string) =>
    ((req: Record<string, unknown>, ctx: { token?: string }) => {
      ctx.token ??= tokens[Math.floor(Math.random() * tokens.length)] ?? '';
      return {
        ...req,
        headers: { ...auth(ctx.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ from, to, amount: MONEY_RULE_DEFAULTS.THB.transferMin }),
      };
    }) as never;
  const read = ((req: Record<string, unknown>, ctx: { token?: string }) => {
    ctx.token ??= tokens[Math.floor(Math.random() * tokens.length)] ?? '';
    return { ...req, headers: auth(ctx.token) };
  }) as never;
  return [
    { method: 'POST' as const, path: ROUTES.wallet.transfer, setupRequest: transfer('WALLET', BENCH_GAME) },
    { method: 'GET' as const, path: ROUTES.wallet.summary, setupRequest: read },
    { method: 'POST' as const, path: ROUTES.wallet.transfer, setupRequest: transfer(BENCH_GAME, 'WALLET') },
    { method: 'GET' as const, path: ROUTES.statement.list, setupRequest: read },
    { method: 'GET' as const, path: ROUTES.account.profile, setupRequest: read },
  ];
}

const mib = (bytes: number): string => (bytes / MIB).toFixed(0).padStart(5);

export async function runMemoryBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const members = process.env.BENCH_MEMBERS ?? '200';
  const envs: NodeJS.ProcessEnv[] = [{ BENCH_DATABASE_URL: '', BENCH_EMBEDDED: 'durable', BENCH_MEMBERS: members }];
  if (pgUrl) envs.push({ BENCH_DATABASE_URL: pgUrl, BENCH_MEMBERS: members });
  const nodes: Node[] = [];
  try {
    for (const env of envs) {
      const { child, ports, fields } = await startChild('transfer-fixture.ts', env);
      const tokens = JSON.parse(readFileSync(fields[2] ?? '', 'utf8')) as string[];
      nodes.push({ label: fields[1] ?? '?', child, url: `http://127.0.0.1:${ports[0]}`, tokens });
    }
    const usage = (node: Node) => ask<Usage>(node.child, { cmd: 'memory' });
    console.log(`\nServer memory under the same traffic, ${SECONDS} s, ${CONNECTIONS} connections per node (MiB)`);
    console.log(`${'after'.padEnd(8)}${nodes.map((n) => `${n.label.padStart(18)} rss  heap  ext`).join('  ')}  load`);
    const rows: { seconds: number; nodes: Record<string, Usage> }[] = [];
    const sample = async (seconds: number) => {
      const all = await Promise.all(nodes.map(usage));
      rows.push({ seconds, nodes: Object.fromEntries(nodes.map((n, i) => [n.label, all[i] as Usage])) });
      const cells = all.map((u) => `${' '.repeat(18)}${mib(u.rss)}${mib(u.heapUsed)}${mib(u.external)}`);
      console.log(`${`${seconds} s`.padEnd(8)}${cells.join('  ')}  ${loadavg()[0]?.toFixed(1)}`);
    };
    await sample(0);
    const runs = nodes.map((node) => load({ url: node.url, connections: CONNECTIONS, duration: SECONDS, requests: requests(node.tokens) }));
    for (let t = SAMPLE_S; t <= SECONDS; t += SAMPLE_S) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_S * 1000));
      await sample(t);
    }
    const results = await Promise.all(runs);
    nodes.forEach((node, i) => {
      const r = results[i];
      if (r) console.log(`  ${node.label}: ${r.requestsPerSecond.toFixed(0)} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`);
    });
    const last = rows.at(-1)?.nodes ?? {};
    const embedded = Object.entries(last).find(([label]) => label.startsWith('embedded'))?.[1];
    const postgres = last.postgres;
    if (embedded) {
      console.log(
        `embedded RSS ${mib(embedded.rss).trim()} MiB${postgres ? ` against PostgreSQL-backed ${mib(postgres.rss).trim()} MiB` : ''}; target <= ${TARGET_MIB} MiB: ${embedded.rss <= TARGET_MIB * MIB ? 'met' : 'NOT met'} (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`,
      );
    }
    saveResult('memory', { at: new Date().toISOString(), seconds: SECONDS, rows });
  } finally {
    await Promise.all(nodes.map((node) => stopChild(node.child)));
  }
}
