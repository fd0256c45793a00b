import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { fromMinor, toMinor } from '@jetton/contract/money';
import { ROUTES } from '@jetton/contract/routes';
import { ZWithdrawRequest, ZWithdrawResponse, type TWithdrawResponse } from '@jetton/contract/withdraw';
import type { Idempotency } from '../../http/idempotency.ts';
import { memberOf } from '../auth/member-guard.ts';
import type { Withdrawal } from './withdraw-repository.ts';
import type { WithdrawService } from './withdraw-service.ts';

const ZDecision = z.object({ id: text().max(64), decision: z.enum(['approve', 'reject']) });

const answer = (w: Withdrawal): TWithdrawResponse => ({ status: 'processing', withdrawalId: w.id, amount: fromMinor(w.amount) });
const operatorView = (w: Withdrawal) => ({
  ...answer(w),
  memberId: w.member_id,
  state: w.status,
  bankCode: w.bank_code,
  /** Why it waits: ABOVE_AUTO_LIMIT, or BANK_CHANGED (the account changed in the profile lately). */
  reviewReason: w.review_reason,
  createdAt: w.created_at.toISOString(),
});

/**
 * POST /api/wallet/withdraw and /withdrawAll (the same request: the web modal
 * uses the latter), and the sandbox operator's approve/reject standing in for the back office.
 */
export function registerWithdrawRoutes(
  app: FastifyInstance,
  deps: { withdrawals: WithdrawService; idempotency: Idempotency; sandbox: boolean },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    onRequest: app.requireMember,
    ...deps.idempotency.route((request) => memberOf(request).memberId),
    schema: { tags: ['withdraw'], security: [{ bearer: [] }], body: ZWithdrawRequest, response: { 200: ZWithdrawResponse } },
  };
  for (const path of [ROUTES.wallet.withdraw, ROUTES.wallet.withdrawAll]) {
    r.post(path, options, async (request) => answer(await deps.withdrawals.request(memberOf(request), toMinor(request.body.amount))));
  }

  if (!deps.sandbox) return;
  r.get('/sandbox/ops/withdrawals', { schema: { hide: true } }, async () => ({
    withdrawals: (await deps.withdrawals.listReview()).map(operatorView),
  }));
  r.post('/sandbox/ops/withdrawals/:id/:decision', { schema: { hide: true, params: ZDecision } }, async (request) =>
    operatorView(await deps.withdrawals.decide(request.params.id, request.params.decision)),
  );
}
