import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { gathered } from '../../db/gathered.ts';
import type { DB } from '../../db/schema.ts';
import { ACCOUNT_CODES, memberGame, memberWallet, shardedSystemAccount } from '../../ledger/account-codes.ts';
import { createLedgerRepository } from '../../ledger/ledger-repository.ts';
import { retryingConflicts, withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { postEntry, postedEntry, reverseEntry } from '../../ledger/post-entry.ts';
import { createTransferRepository, type BatchSettlement, type Transfer } from './transfer-repository.ts';

/**
 * Ledger entry kinds of the transfer flow (docs/games.md, "Transfers"):
 *
 * - wallet -> game, before the provider call: `transfer.to-game`
 *   (wallet -x, provider:<code> +x; provider:<code> holds money sent and not yet confirmed);
 *   confirmed: `transfer.to-game.confirm` (provider:<code> -x, game:<code> +x);
 *   refused: `transfer.to-game.reversal` (the exact opposite of the first entry).
 * - game -> wallet, after the provider paid out: `transfer.from-game`
 *   (game:<code> -x, wallet +x), found by its reference (the transfer id).
 * - `game.pnl`: wins and losses observed at the provider (game:<code> vs game:pnl).
 */
/** Why a paid-out transfer is still PENDING: it spent a deposit not yet confirmed (completeFromGame). */
export const AWAITING_DEPOSIT = 'AWAITING_DEPOSIT';

/** Thrown inside a settlement transaction to roll it back and leave the transfer PENDING. */
const DEFERRED = new Error('settlement deferred: a deposit of the game is in flight');

export const TRANSFER_ENTRY_KINDS = {
  toGame: 'transfer.to-game',
  toGameConfirm: 'transfer.to-game.confirm',
  toGameReversal: 'transfer.to-game.reversal',
  fromGame: 'transfer.from-game',
  pnl: 'game.pnl',
} as const;

/**
 * Settles a PENDING transfer: the status change and the ledger entries commit
 * together or not at all. Each function answers false when the transfer was
 * settled already (by the request or the reconciliation job, whichever came
 * second), and then moves nothing. The common cases (a confirmed deposit, a
 * payout the game account covers) go to the database gathered with the
 * settlements of concurrent requests, one statement a batch (settleMany;
 * docs/games.md, "Settling in batches"); the rare ones each open a transaction.
 */
export function createTransferSettlement(deps: { clock: Clock; db: Kysely<DB> }) {
  const { db } = deps;
  const provider = (t: Transfer) => shardedSystemAccount(ACCOUNT_CODES.provider(t.game_code), t.currency, t.member_id);
  const game = (t: Transfer) => memberGame(t.member_id, t.game_code, t.currency);
  const wallet = (t: Transfer) => memberWallet(t.member_id, t.currency);
  // Retried whole on a conflict, as a single statement is; a batch failing otherwise is run one by one.
  const settle = gathered(
    (settlements: BatchSettlement[]) => retryingConflicts(() => createTransferRepository(db).settleMany(settlements), { idempotent: true }),
    { aloneOnError: true },
  );
  const settleOne = (settlement: Omit<BatchSettlement, 'now'>) => settle({ ...settlement, now: deps.clock.now() });

  return {
    /** The provider confirmed a deposit: the money leaves provider:<code> for the member's game account. */
    async completeToGame(transfer: Transfer): Promise<boolean> {
      const posted = await settleOne({
        id: transfer.id,
        memberId: transfer.member_id,
        kind: TRANSFER_ENTRY_KINDS.toGameConfirm,
        from: provider(transfer),
        to: game(transfer),
        floorGame: false,
      });
      if (!posted) return false;
      postedEntry(posted.entry_id, posted.outcome);
      return true;
    },

    /** The deposit definitely did not happen (refused, or unknown to the provider): the wallet gets it back. */
    async failToGame(transfer: Transfer, reason: string): Promise<boolean> {
      return withMoneyTransaction(db, async (trx) => {
        const settled = await createTransferRepository(trx).settle(transfer.id, 'FAILED', reason, deps.clock.now());
        if (!settled) return false;
        if (settled.entry_id === null) throw new Error(`transfer ${settled.id} has no debit entry to reverse`);
        await reverseEntry(trx, settled.entry_id, { kind: TRANSFER_ENTRY_KINDS.toGameReversal, memo: `transfer ${settled.id}: ${reason}` });
        return true;
      });
    },

    /**
     * The provider paid out: the wallet is credited from the game account, in
     * one statement while the cached game balance covers it. A payout above it
     * either spends a deposit the ledger has not confirmed yet (a wallet -> game
     * transfer of this game still PENDING: applied at the provider, its answer
     * lost), or proves the member won since the last refresh. The first is not
     * a win: the transfer waits ('deferred', it stays PENDING and is settled by
     * reconciliation once that deposit is), so no phantom win is booked and no
     * balance goes below zero. The second is booked as observed at the provider
     * (game.pnl) in the same transaction, checked under the game account's lock
     * (docs/faults.md, "Observations").
     */
    async completeFromGame(transfer: Transfer): Promise<'completed' | 'settled-before' | 'deferred'> {
      const posted = await settleOne({
        id: transfer.id,
        memberId: transfer.member_id,
        kind: TRANSFER_ENTRY_KINDS.fromGame,
        from: game(transfer),
        to: wallet(transfer),
        floorGame: true,
      });
      if (!posted) return 'settled-before';
      // Refused only below the game account's floor: the transfer is still PENDING, and settled below.
      if (posted.outcome !== 'short') {
        postedEntry(posted.entry_id, posted.outcome);
        return 'completed';
      }
      const outcome = await withMoneyTransaction(db, async (trx) => {
        // The transfer row first, then the accounts: the same lock order as a batch's (transfer_settle_batch).
        const transfers = createTransferRepository(trx);
        const settled = await transfers.settle(transfer.id, 'SUCCESS', null, deps.clock.now());
        if (!settled) return 'settled-before';
        const { member_id: memberId, currency, amount } = settled;
        const ledger = createLedgerRepository(trx);
        const gameId = await ledger.accountId(game(settled));
        const cached = (await ledger.lockedBalance(gameId)) ?? 0n;
        // Rolls the settlement back: the transfer stays PENDING.
        if (cached < amount && (await transfers.depositInFlight(memberId, settled.game_code))) throw DEFERRED;
        if (cached < amount) {
          const pnl = await ledger.accountId(shardedSystemAccount(ACCOUNT_CODES.gamePnl, currency, memberId));
          await postEntry(trx, {
            kind: TRANSFER_ENTRY_KINDS.pnl,
            memo: `observed at withdraw ${settled.id}`,
            postings: [
              { account: pnl, amount: cached - amount },
              { account: gameId, amount: amount - cached },
            ],
          });
        }
        await postEntry(trx, {
          kind: TRANSFER_ENTRY_KINDS.fromGame,
          reference: settled.id,
          postings: [
            { account: gameId, amount: -amount },
            { account: await ledger.accountId(wallet(settled)), amount },
          ],
        });
        return 'completed' as const;
      }).catch((error: unknown) => {
        if (error === DEFERRED) return 'deferred' as const;
        throw error;
      });
      return outcome;
    },

    /** The withdrawal definitely did not happen: nothing left the provider, nothing is credited. */
    async failFromGame(transfer: Transfer, reason: string): Promise<boolean> {
      return (await createTransferRepository(db).settle(transfer.id, 'FAILED', reason, deps.clock.now())) !== undefined;
    },
  };
}

export type TransferSettlement = ReturnType<typeof createTransferSettlement>;
