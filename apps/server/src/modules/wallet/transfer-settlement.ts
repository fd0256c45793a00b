import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberGame, memberWallet, shardedSystemAccount } from '../../ledger/account-codes.ts';
import { createLedgerRepository } from '../../ledger/ledger-repository.ts';
import { postEntry, reverseEntry } from '../../ledger/post-entry.ts';
import { createTransferRepository, type Transfer } from './transfer-repository.ts';

/**
 * Ledger entry kinds of the transfer flow (domain rules section 3):
 *
 * - wallet -> game, before the provider call: `transfer.to-game`
 *   (wallet -x, provider:<code> +x; provider:<code> holds money sent and not yet confirmed);
 *   confirmed: `transfer.to-game.confirm` (provider:<code> -x, game:<code> +x);
 *   refused: `transfer.to-game.reversal` (the exact opposite of the first entry).
 * - game -> wallet, after the provider paid out: `transfer.from-game`
 *   (game:<code> -x, wallet +x).
 * - `game.pnl`: wins and losses observed at the provider (game:<code> vs game:pnl).
 */
export const TRANSFER_ENTRY_KINDS = {
  toGame: 'transfer.to-game',
  toGameConfirm: 'transfer.to-game.confirm',
  toGameReversal: 'transfer.to-game.reversal',
  fromGame: 'transfer.from-game',
  pnl: 'game.pnl',
} as const;

/**
 * Settles a PENDING transfer inside the caller's transaction `trx`: the status
 * change and the ledger entries commit together or not at all. Each function
 * answers false when the transfer was settled already (by the request or the
 * reconciliation job, whichever came second), and then moves nothing.
 */
export function createTransferSettlement(deps: { clock: Clock }) {
  return {
    /** The provider confirmed a deposit: the money leaves provider:<code> for the member's game account. */
    async completeToGame(trx: Kysely<DB>, transfer: Transfer): Promise<boolean> {
      const settled = await createTransferRepository(trx).settle(transfer.id, 'SUCCESS', null, deps.clock.now());
      if (!settled) return false;
      const provider = await ensureAccount(trx, shardedSystemAccount(ACCOUNT_CODES.provider(settled.game_code), settled.currency, settled.member_id));
      const game = await ensureAccount(trx, memberGame(settled.member_id, settled.game_code, settled.currency));
      await postEntry(trx, {
        kind: TRANSFER_ENTRY_KINDS.toGameConfirm,
        reference: settled.id,
        postings: [{ account: provider, amount: -settled.amount }, { account: game, amount: settled.amount }],
      });
      return true;
    },

    /** The deposit definitely did not happen (refused, or unknown to the provider): the wallet gets it back. */
    async failToGame(trx: Kysely<DB>, transfer: Transfer, reason: string): Promise<boolean> {
      const settled = await createTransferRepository(trx).settle(transfer.id, 'FAILED', reason, deps.clock.now());
      if (!settled) return false;
      if (settled.entry_id === null) throw new Error(`transfer ${settled.id} has no debit entry to reverse`);
      await reverseEntry(trx, settled.entry_id, { kind: TRANSFER_ENTRY_KINDS.toGameReversal, memo: `transfer ${settled.id}: ${reason}` });
      return true;
    },

    /**
     * The provider paid out: the wallet is credited from the game account. A
     * payout above the cached game balance proves the member won since the last
     * refresh; that part is first booked as observed at the provider (game.pnl),
     * so the game account never goes below zero and every change is explained.
     */
    async completeFromGame(trx: Kysely<DB>, transfer: Transfer): Promise<boolean> {
      const repo = createTransferRepository(trx);
      const settled = await repo.settle(transfer.id, 'SUCCESS', null, deps.clock.now());
      if (!settled) return false;
      const { member_id: memberId, game_code: code, currency, amount } = settled;
      const game = await ensureAccount(trx, memberGame(memberId, code, currency));
      const wallet = await ensureAccount(trx, memberWallet(memberId, currency));
      const ledger = createLedgerRepository(trx);
      await ledger.lockAccounts([game]);
      const cached = (await ledger.balance(game)) ?? 0n;
      if (cached < amount) {
        const pnl = await ensureAccount(trx, shardedSystemAccount(ACCOUNT_CODES.gamePnl, currency, memberId));
        await postEntry(trx, {
          kind: TRANSFER_ENTRY_KINDS.pnl,
          memo: `observed at withdraw ${settled.id}`,
          postings: [{ account: pnl, amount: cached - amount }, { account: game, amount: amount - cached }],
        });
      }
      const entry = await postEntry(trx, {
        kind: TRANSFER_ENTRY_KINDS.fromGame,
        reference: settled.id,
        postings: [{ account: game, amount: -amount }, { account: wallet, amount }],
      });
      await repo.setEntry(settled.id, entry.id);
      return true;
    },

    /** The withdrawal definitely did not happen: nothing left the provider, nothing is credited. */
    async failFromGame(trx: Kysely<DB>, transfer: Transfer, reason: string): Promise<boolean> {
      return (await createTransferRepository(trx).settle(transfer.id, 'FAILED', reason, deps.clock.now())) !== undefined;
    },
  };
}

export type TransferSettlement = ReturnType<typeof createTransferSettlement>;
