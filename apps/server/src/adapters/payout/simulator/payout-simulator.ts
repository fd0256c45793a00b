import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { keyMatches, PAYOUT_SANDBOX_PATH } from '../../party-keys.ts';
import { escapeHtml as esc } from '../../../http/html.ts';
import { formatMinor, prepareSimulatorScope, sandboxPage, sendPage } from '../../../sandbox/sandbox-page.ts';

const ZPayout = z.object({
  payoutId: text().min(1).max(64),
  amount: text().regex(/^[1-9][0-9]{0,14}$/),
  currency: z.enum(['THB', 'LAK']),
  bank: text().min(1).max(16),
  account: text().min(1).max(32),
  name: text().min(1).max(120),
});
type Payout = z.infer<typeof ZPayout> & { status: 'SUCCESS' | 'FAILED'; reason?: string; calls: number };

/**
 * none: pays; fail: refuses new payouts (recorded FAILED); timeout: pays but
 * answers only after holdMs (the site's call times out: the answer is lost);
 * unavailable: 503 without recording anything.
 */
const ZFaults = z.object({
  mode: z.enum(['none', 'fail', 'timeout', 'unavailable']),
  holdMs: z.number().int().min(0).max(60_000).optional(),
});
const LIMIT = 10_000;

/**
 * Payouts in process memory (per node, like the rest of the sandbox bank).
 * Idempotent by payoutId, as a real disbursement API must be: a payout id is
 * paid at most once, and the same id again answers the first outcome.
 */
export async function registerPayoutSimulator(app: FastifyInstance, deps: { apiKey: string }): Promise<void> {
  listOnSandboxIndex(app, {
    path: PAYOUT_SANDBOX_PATH,
    title: 'Bank payouts',
    about: 'What the site paid out for withdrawals, and the fault modes tests use.',
  });
  const payouts = new Map<string, Payout>();
  let faults: z.infer<typeof ZFaults> = { mode: 'none' };
  const answer = (p: Payout) => ({ payoutId: p.payoutId, status: p.status, ...(p.reason ? { reason: p.reason } : {}) });

  await app.register(
    (api, _options, done) => {
      prepareSimulatorScope(api);

      api.post('/', async (request, reply) => {
        if (!keyMatches(deps.apiKey, request.headers['x-api-key'])) return reply.status(401).send({ message: 'UNAUTHORIZED' });
        if (faults.mode === 'unavailable') return reply.status(503).send({ message: 'UNAVAILABLE' });
        const body = ZPayout.safeParse(request.body);
        if (!body.success) return reply.status(400).send({ message: 'KEY_INVALID' });
        const known = payouts.get(body.data.payoutId);
        if (known) {
          known.calls += 1;
          const same = (['amount', 'currency', 'bank', 'account', 'name'] as const).every((k) => known[k] === body.data[k]);
          return same ? answer(known) : reply.status(409).send({ message: 'PAYOUT_ID_REUSED' });
        }
        const payout: Payout =
          faults.mode === 'fail'
            ? { ...body.data, status: 'FAILED', reason: 'ACCOUNT_REFUSED', calls: 1 }
            : { ...body.data, status: 'SUCCESS', calls: 1 };
        payouts.set(payout.payoutId, payout);
        if (payouts.size > LIMIT) payouts.delete(payouts.keys().next().value ?? '');
        // The money has left; only the answer is late (and no later than this server's close: docs/http.md, "Shutdown").
        if (faults.mode === 'timeout')
          await sleep(faults.holdMs ?? 10_000, undefined, { signal: reply.server.closeSignal }).catch(() => undefined);
        return answer(payout);
      });

      api.get('/:payoutId', (request, reply) => {
        if (!keyMatches(deps.apiKey, request.headers['x-api-key'])) return reply.status(401).send({ message: 'UNAUTHORIZED' });
        if (faults.mode === 'unavailable') return reply.status(503).send({ message: 'UNAVAILABLE' });
        const payout = payouts.get((request.params as { payoutId: string }).payoutId);
        return payout ? answer(payout) : reply.status(404).send({ message: 'NO_DATA' });
      });

      // For people: what was paid, newest first, and the fault mode in force.
      api.get('/', (_request, reply) => sendPage(reply, payoutsPage([...payouts.values()].reverse(), faults.mode)));

      // Sandbox controls for tests and people: fault injection and what was paid.
      api.post('/faults', (request) => {
        faults = ZFaults.parse(request.body);
        return faults;
      });
      api.get('/log', () => ({
        payouts: [...payouts.values()].map((p) => ({ ...answer(p), amount: p.amount, bank: p.bank, account: p.account, calls: p.calls })),
      }));
      done();
    },
    { prefix: PAYOUT_SANDBOX_PATH },
  );
}

function payoutsPage(payouts: readonly Payout[], mode: string): string {
  const rows = payouts
    .map(
      (p) =>
        `<tr><td><code>${esc(p.payoutId)}</code></td><td>${esc(formatMinor(BigInt(p.amount)))} ${esc(p.currency)}</td><td>${esc(p.bank)} ${esc(p.account)}<br>${esc(p.name)}</td><td>${esc(p.status)}${p.reason ? ` (${esc(p.reason)})` : ''}</td><td>${p.calls}</td></tr>`,
    )
    .join('\n');
  return sandboxPage({
    title: 'Sandbox bank: payouts',
    note: 'Sandbox bank: nothing here is real money.',
    body: `<p>Withdrawals the site paid out through the bank's payout API, newest first. Fault mode: <code>${esc(mode)}</code>
(set it with <code>POST /sandbox/bank/payouts/faults {"mode": "none" | "fail" | "timeout" | "unavailable"}</code>; JSON log at <a href="/sandbox/bank/payouts/log">/sandbox/bank/payouts/log</a>).</p>
${payouts.length === 0 ? '<p>No payouts yet. Withdraw on the site; amounts above the automatic-approval limit wait for a decision at <a href="/sandbox/ops">/sandbox/ops</a>.</p>' : `<table><thead><tr><th>Payout</th><th>Amount</th><th>To</th><th>Status</th><th>Calls</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}`,
  });
}
