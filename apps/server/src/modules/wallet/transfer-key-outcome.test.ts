import { describe, expect, it } from 'vitest';
import type { Transfer } from './transfer-repository.ts';
import { transferKeyOutcome } from './transfer-key-outcome.ts';

const at = new Date('2026-11-21T05:00:00Z');
function leg(over: Partial<Transfer>): Transfer {
  return {
    id: 'first',
    group_id: 'first',
    member_id: 'm',
    game_code: 'pg',
    direction: 'to_game',
    amount: 4_000n,
    currency: 'THB',
    status: 'PENDING',
    provider_transfer_id: 'first',
    entry_id: null,
    reason: null,
    attempts: 0,
    next_check_at: at,
    created_at: at,
    updated_at: at,
    settled_at: null,
    idempotency_key: 'k',
    ...over,
  };
}
const toGame = { from: 'WALLET', to: 'pg', amount: 40 };
const gameToGame = { from: 'pg', to: 'joker2', amount: 40 };
const ok = (status: 'SUCCESS' | 'PENDING', asked: { from: string; to: string; amount?: number }) => ({
  status: status === 'SUCCESS' ? 200 : 202,
  body: { status, transferId: 'first', from: asked.from, to: asked.to, amount: asked.amount ?? 40 },
  final: status === 'SUCCESS',
});
const refused = (status: number, message: string) => ({ status, body: { message }, final: true });

describe('the answer a re-sent transfer request gets from the legs its first run left', () => {
  it('nothing started: none (it may run again once the lease is over)', () => {
    expect(transferKeyOutcome([], toGame, true)).toBe('none');
  });
  it('one leg: settled is final; unknown is a provisional 202 PENDING, whatever the lease', () => {
    expect(transferKeyOutcome([leg({ status: 'SUCCESS' })], toGame, false)).toEqual(ok('SUCCESS', toGame));
    expect(transferKeyOutcome([leg({ status: 'FAILED' })], toGame, false)).toEqual(refused(502, 'TRANSFER_FAIL'));
    expect(transferKeyOutcome([leg({ status: 'PENDING' })], toGame, false)).toEqual(ok('PENDING', toGame));
    expect(transferKeyOutcome([leg({ status: 'PENDING' })], toGame, true)).toEqual(ok('PENDING', toGame));
  });
  it('a refused payout for balance is MONEY_NOT_ENOUGH, as the request says', () => {
    const out = leg({ direction: 'from_game', status: 'FAILED', reason: 'INSUFFICIENT_BALANCE' });
    expect(transferKeyOutcome([out], { from: 'pg', to: 'WALLET', amount: 40 }, false)).toEqual(refused(422, 'MONEY_NOT_ENOUGH'));
  });
  it('transferAll: the amount comes from the leg', () => {
    expect(transferKeyOutcome([leg({ status: 'SUCCESS', amount: 1_234n })], { from: 'WALLET', to: 'pg' }, false)).toEqual({
      status: 200,
      body: { status: 'SUCCESS', transferId: 'first', from: 'WALLET', to: 'pg', amount: 12.34 },
      final: true,
    });
  });
  it('game to game: the second leg decides; a first leg paid out with no second is pending, or failed once the lease is over', () => {
    const first = leg({ direction: 'from_game', status: 'SUCCESS' });
    const second = (status: Transfer['status']) =>
      leg({ id: 'second', group_id: 'first', game_code: 'joker2', status, idempotency_key: null });
    expect(transferKeyOutcome([first], gameToGame, false)).toEqual(ok('PENDING', gameToGame));
    expect(transferKeyOutcome([first], gameToGame, true)).toEqual(refused(502, 'TRANSFER_FAIL'));
    expect(transferKeyOutcome([first, second('SUCCESS')], gameToGame, false)).toEqual(ok('SUCCESS', gameToGame));
    expect(transferKeyOutcome([first, second('FAILED')], gameToGame, false)).toEqual(refused(502, 'TRANSFER_FAIL'));
    expect(transferKeyOutcome([first, second('PENDING')], gameToGame, false)).toEqual(ok('PENDING', gameToGame));
    expect(transferKeyOutcome([first, second('PENDING')], gameToGame, true)).toEqual(ok('PENDING', gameToGame));
    expect(transferKeyOutcome([leg({ direction: 'from_game', status: 'PENDING' })], gameToGame, true)).toEqual(ok('PENDING', gameToGame));
  });
});
