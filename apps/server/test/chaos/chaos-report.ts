import type { ChaosClients } from './chaos-clients.ts';
import type { ChaosOptions } from './run-chaos.ts';

export type ChaosFigures = {
  options: ChaosOptions;
  clients: ChaosClients;
  phases: string[];
  terminations: number;
  terminatedConnections: number;
  /** After each fault ended (a termination, a phase change, the restart, the end): ms until health said 200. */
  healthAfterFaultMs: number[];
  restartMs: number | undefined;
  settleMs: number;
  settleAfterResendMs: number;
  resent: ({ count: number } & Awaited<ReturnType<ChaosClients['resend']>>) | undefined;
  /** Starts of the SIGKILLed node that died before it was up (then started again). */
  failedStarts: string[];
  /** How long the faults lasted: the window, longer when the restart ate into it. */
  windowMs: number;
};

/** Answers counted by phase and by what ("transfer 202", "transfer 502 TRANSFER_FAIL", "read 200"...). */
function tally(figures: ChaosFigures, match: (what: string) => boolean, phase?: string): number {
  let n = 0;
  for (const [key, count] of figures.clients.outcomes) {
    const [p = '', what = ''] = key.split('|');
    if ((phase === undefined || p === phase) && match(what)) n += count;
  }
  return n;
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1_000).toFixed(1)} s` : 'never');

/** The printed table of faults injected and what each produced, then totals and the assertions. */
export function formatChaosReport(figures: ChaosFigures, failures: string[]): string {
  const { options } = figures;
  const is = (prefix: string) => (what: string) => what.startsWith(prefix);
  const transfers = tally(figures, is('transfer'));
  const reads = tally(figures, is('read'));
  const health = figures.healthAfterFaultMs.filter(Number.isFinite);
  const hang = seconds(options.hangMs);
  const rows: [string, string, string][] = [
    [
      `pg_terminate_backend on every server connection, every ${options.killEveryMs / 1_000} s`,
      `${figures.terminations} times, ${figures.terminatedConnections} connections`,
      `503 SERVICE_UNAVAILABLE: ${tally(figures, (w) => w.includes(' 503'))} answers; health 200 again after at most ${Math.max(0, ...health)} ms`,
    ],
    [
      `provider: applied + 500; not applied + garbled; held ${hang} before applying; 15 % refused, the rest held ${hang}`,
      `at once on four games, phases "${figures.phases[0]}", "${figures.phases[2]}"`,
      `202 PENDING: ${tally(figures, is('transfer 202'))}; 502 TRANSFER_FAIL: ${tally(figures, is('transfer 502'))}; all settled ${seconds(figures.settleMs)} after the faults stopped`,
    ],
    [
      `SIGKILL of the clients' node at ${Math.round(options.killAt * 100)} % of the window, started again`,
      `once, in "${figures.phases[2]}"${figures.failedStarts.length > 0 ? `; ${figures.failedStarts.length} starts died and were retried` : ''}`,
      `requests cut: ${tally(figures, is('transfer dropped'))} transfers, ${tally(figures, is('read dropped'))} reads; healthy again after ${figures.restartMs ?? '?'} ms`,
    ],
  ];
  const width = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0), 8));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i] ?? 0)).join(' | ')} |`;
  const resent = figures.resent;
  const answers = resent ? [...resent.answered].map(([status, n]) => `${status} x${n}`).join(', ') : '';
  const outcomes = [...figures.clients.outcomes].reduce(
    (all, [key, n]) => all.set(key.split('|')[1] ?? '', (all.get(key.split('|')[1] ?? '') ?? 0) + n),
    new Map<string, number>(),
  );
  return [
    '',
    `Fault run: ${seconds(figures.windowMs)} of faults (${options.faultSeconds} s asked, the rest after a slow restart), ${options.hotClients + options.manyClients} clients (${options.hotClients} on one member, ${options.manyClients} on a member each), two nodes on PostgreSQL`,
    line(['fault', 'injected', 'what it did']),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `requests: ${transfers} transfers, ${reads} reads; answers: ${[...outcomes]
      .sort()
      .map(([w, n]) => `${w} x${n}`)
      .join(', ')}`,
    `re-sent with their keys: ${resent?.count ?? 0} requests without a final answer or with an open key -> ${answers || 'none needed'}; still without: ${resent?.unanswered.length ?? 0}; 409 IDEMPOTENCY_KEY_REUSED: ${figures.clients.reused.length}`,
    `settled again after the re-sends in ${seconds(figures.settleAfterResendMs)}`,
    '',
    failures.length === 0
      ? 'all assertions held: wallet + providers = start for every member, ledger game accounts = providers, no game.pnl entry, no negative balance read, no IDEMPOTENCY_KEY_REUSED, every re-sent key and open key answered finally and as the books say, health back within 5 s of each fault, ledger invariants, no 500, no node exited on its own'
      : `FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`,
  ].join('\n');
}
