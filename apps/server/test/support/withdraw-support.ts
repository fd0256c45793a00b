import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ROUTES } from '@jetton/contract/routes';
import type { TStatementResponse } from '@jetton/contract/wallet';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { WITHDRAW_RULES_KEY, type WithdrawRules } from '../../src/modules/withdraw/withdraw-rules.ts';
import { PAYOUT_SANDBOX_PATH } from '../../src/adapters/party-keys.ts';
import { call } from './accounts-support.ts';
import type { TestApp } from './test-app.ts';

/** Helpers for the withdrawal tests: the member routes, the sandbox operator and the sandbox payout API. */

export function withdraw(
  t: TestApp,
  token: string,
  body: unknown,
  options: { key?: string | null; all?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? randomUUID() : options.key;
  const path = options.all ? ROUTES.wallet.withdrawAll : ROUTES.wallet.withdraw;
  return call(t, 'POST', path, body, { token, headers: key === null ? {} : { 'idempotency-key': key } });
}

export function decide(t: TestApp, id: string, decision: 'approve' | 'reject'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/sandbox/ops/withdrawals/${id}/${decision}` });
}

export async function payoutFaults(t: TestApp, mode: 'none' | 'fail' | 'timeout' | 'unavailable', holdMs?: number): Promise<void> {
  await t.app.inject({
    method: 'POST',
    url: `${PAYOUT_SANDBOX_PATH}/faults`,
    payload: { mode, ...(holdMs === undefined ? {} : { holdMs }) },
  });
}

export type PayoutLogRow = { payoutId: string; status: string; amount: string; bank: string; calls: number };

/** What the sandbox payout API paid for this withdrawal (an array: "never twice" means at most one row). */
export async function payoutsOf(t: TestApp, withdrawalId: string): Promise<PayoutLogRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `${PAYOUT_SANDBOX_PATH}/log` });
  return res.json<{ payouts: PayoutLogRow[] }>().payouts.filter((p) => p.payoutId === withdrawalId);
}

/** The member's withdraw lines, newest first, as the statement shows them. */
export async function withdrawLines(t: TestApp, token: string) {
  const res = await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 50 }, { token });
  return res
    .json<TStatementResponse>()
    .statements.filter((s) => s.statementType === 'withdraw')
    .map((s) => ({ status: s.status, amount: s.amount }));
}

/** Operator settings; the rules are cached 5 s of the app's clock, so the clock moves past that. */
export async function setWithdrawRules(t: TestApp, rules: Partial<WithdrawRules>): Promise<void> {
  await createSettingsRepository(t.database.db).set(WITHDRAW_RULES_KEY, rules);
  t.clock.advance(6_000);
}
