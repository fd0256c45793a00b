import type { FastifyRequest } from 'fastify';
import { fromMinor } from '@jetton/contract/money';
import { WALLET } from '@jetton/contract/wallet';
import { ERROR_STATUS, type ErrorCode } from '@jetton/contract/errors';
import type { IdempotencyResolver, ResolvedAnswer } from '../../http/idempotency.ts';
import type { Transfer, TransferRepository } from './transfer-repository.ts';

type Asked = { from: string; to: string; amount?: number };

const failure = (code: ErrorCode): ResolvedAnswer => ({ status: ERROR_STATUS[code], body: { message: code }, final: true });

/** What the request would have answered for a refused leg (transfer-service.ts says the same). */
function refused(leg: Transfer): ResolvedAnswer {
  return failure(leg.direction === 'from_game' && leg.reason === 'INSUFFICIENT_BALANCE' ? 'MONEY_NOT_ENOUGH' : 'TRANSFER_FAIL');
}

/**
 * The answer a transfer request would have given, from the legs it left, for
 * a re-send with no final answer stored (docs/faults.md, "Keys"): 200 SUCCESS
 * or the refusal once settled (final); 202 PENDING while a leg is unknown
 * (provisional); 'none' when it started no transfer.
 */
export function transferKeyOutcome(legs: Transfer[], asked: Asked, leaseExpired: boolean): ResolvedAnswer | 'none' {
  const [first, second] = legs;
  if (!first) return 'none';
  const answer = (status: 'SUCCESS' | 'PENDING'): ResolvedAnswer => ({
    status: status === 'SUCCESS' ? 200 : 202,
    body: { status, transferId: first.id, from: asked.from, to: asked.to, amount: asked.amount ?? fromMinor(first.amount) },
    final: status === 'SUCCESS',
  });
  const last = asked.from !== WALLET && asked.to !== WALLET ? second : first;
  if (first.status === 'FAILED') return refused(first);
  if (first.status === 'PENDING') return answer('PENDING');
  // Game to game, first leg paid out: the second leg comes next, or never will once the request is dead
  // (the money stayed in the wallet).
  if (!last) return leaseExpired ? failure('TRANSFER_FAIL') : answer('PENDING');
  if (last.status === 'SUCCESS') return answer('SUCCESS');
  if (last.status === 'FAILED') return failure('TRANSFER_FAIL');
  return answer('PENDING');
}

/** The transfer routes' resolver: the legs started under the key, read by member and key. */
export function transferKeyResolver(transfers: Pick<TransferRepository, 'legsOfKey'>): IdempotencyResolver {
  return async (request: FastifyRequest, found) => {
    const body = request.body as { from?: string; to: string; amount?: number };
    const asked: Asked = { from: body.from ?? WALLET, to: body.to, ...(body.amount === undefined ? {} : { amount: body.amount }) };
    return transferKeyOutcome(await transfers.legsOfKey(found.scope, found.key), asked, found.leaseExpired);
  };
}
