import type { ChaosChecks } from './chaos-checks.ts';
import { totalOf } from './chaos-checks.ts';
import { FINAL, type ChaosMember, type Sent } from './chaos-clients.ts';
import type { ChaosFigures } from './chaos-report.ts';
import type { ServerProcess } from './chaos-server.ts';

/** The server must answer its health check this soon after each fault ends. */
const HEALTH_LIMIT_MS = 5_000;

/**
 * Whether a final answer tells the truth about the money: 200 when every leg
 * the request asked for succeeded, 422 or 502 when the money did not reach
 * where it was sent (no transfer at all: refused before any money moved).
 */
function answerMatches(request: Sent, status: number, legs: string[] | undefined): boolean {
  const gameToGame = request.body.from !== 'WALLET' && request.body.to !== 'WALLET';
  if (!legs || legs.length === 0) return status !== 200;
  if (legs.includes('PENDING')) return false;
  const moved = (gameToGame ? legs[1] : legs[0]) === 'SUCCESS';
  return moved === (status === 200);
}

/** "202 x3, 503 x1". */
function tallyOf(items: string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, n]) => `${item} x${n}`).join(', ');
}

/** Every assertion of the run; answers what failed (nothing: the books are exact). */
export async function finalChecks(
  checks: ChaosChecks,
  members: ChaosMember[],
  start: Map<string, bigint>,
  figures: ChaosFigures,
  nodes: ServerProcess[],
): Promise<string[]> {
  const failures: string[] = [];
  if (!Number.isFinite(figures.settleMs) || !Number.isFinite(figures.settleAfterResendMs))
    failures.push('transfers still PENDING after reconciliation had time');
  for (const m of members) {
    const money = await checks.money(m.id);
    const total = totalOf(money);
    if (total !== start.get(m.id)) failures.push(`member ${m.id}: wallet + provider balances ${total}, at the start ${start.get(m.id)}`);
    for (const game of m.games) {
      const ledger = money.ledgerGames.get(game) ?? 0n;
      const provider = money.providerGames.get(game) ?? 0n;
      if (ledger !== provider) failures.push(`member ${m.id}, ${game}: ledger ${ledger}, provider ${provider}`);
    }
  }
  const pnl = await checks.pnlEntries(members.map((m) => m.id));
  if (pnl > 0) failures.push(`${pnl} game.pnl entries although no round was played`);
  const { clients } = figures;
  if (clients.negativeReads.length > 0) failures.push(`negative balances read: ${clients.negativeReads.slice(0, 3).join('; ')}`);
  if (clients.reused.length > 0)
    failures.push(
      `${clients.reused.length} answers 409 IDEMPOTENCY_KEY_REUSED to the same key and body: ${clients.reused.slice(0, 3).join('; ')}`,
    );
  const unanswered = figures.resent?.unanswered ?? [];
  if (unanswered.length > 0)
    failures.push(
      `${unanswered.length} re-sent requests got no final answer (last answers: ${tallyOf(unanswered.map((u) => String(u.status)))})`,
    );
  const open = await checks.processingKeys(members.map((m) => m.id));
  const stuck = open.filter((k) => !figures.resent?.final.has(k.key));
  if (stuck.length > 0) failures.push(`${stuck.length} keys still processing and never answered with a final outcome`);

  // Every final answer, first or re-sent, says what the books say.
  const legs = await checks.legsByKey(members.map((m) => m.id));
  const lies: string[] = [];
  for (const request of clients.sent.values()) {
    const status = figures.resent?.final.get(request.key)?.status ?? (FINAL.has(request.status) ? request.status : undefined);
    if (status !== undefined && !answerMatches(request, status, legs.get(request.key)))
      lies.push(`${JSON.stringify(request.body)} answered ${status}, legs ${JSON.stringify(legs.get(request.key) ?? [])}`);
  }
  if (lies.length > 0) failures.push(`${lies.length} final answers disagree with the books: ${lies.slice(0, 3).join('; ')}`);

  const slow = figures.healthAfterFaultMs.filter((ms) => ms > HEALTH_LIMIT_MS);
  if (slow.length > 0) failures.push(`health answered 200 more than ${HEALTH_LIMIT_MS} ms after a fault ended: ${slow.join(', ')} ms`);
  const errors = [...clients.outcomes].filter(([what]) => / 500\b/.test(what));
  if (errors.length > 0) failures.push(`500 answers: ${errors.map(([what, n]) => `${what} x${n}`).join(', ')}`);
  for (const node of nodes)
    if (node.unexpectedExits.length > 0) failures.push(`${node.origin} exited on its own: ${node.unexpectedExits.join(', ')}`);
  const violations = await checks.invariantViolations();
  if (violations.length > 0) failures.push(`ledger invariants: ${violations.slice(0, 3).join('; ')}`);
  return failures;
}
