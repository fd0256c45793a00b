import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TGameAccount } from '@jetton/contract/wallet';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberGame, shardedSystemAccount } from '../../ledger/account-codes.ts';
import { createLedgerRepository } from '../../ledger/ledger-repository.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { postEntry } from '../../ledger/post-entry.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import type { GameAccessService } from './game-access.ts';
import type { GameAccountRepository } from './game-account-repository.ts';
import type { GameAccountService } from './game-account-service.ts';
import { createTransferRepository } from './transfer-repository.ts';
import { TRANSFER_ENTRY_KINDS } from './transfer-settlement.ts';
import { createWalletRepository, type WalletRepository } from './wallet-repository.ts';
import type { WalletRulesSource } from './wallet-rules.ts';

export type RefreshDeps = {
  db: Kysely<DB>;
  clock: Clock;
  rules: WalletRulesSource;
  accounts: GameAccountRepository;
  wallet: WalletRepository;
  access: GameAccessService;
  gameAccounts: GameAccountService;
  log: FastifyBaseLogger;
};

/**
 * GET /api/wallet/refresh/slot: every active game's balance read from its
 * provider at once, each with its own deadline (a slow provider keeps its cached
 * amount). A difference from the ledger's cached balance is a win or loss at the
 * provider and is posted against game:pnl, so the ledger explains every change.
 */
export function createRefreshService(deps: RefreshDeps) {
  const { db, access } = deps;

  /**
   * Books what the provider showed, unless the game moved meanwhile: with a
   * transfer in flight or started since the read began, or any posting since
   * `before`, the reading may predate it; the next refresh reads again instead
   * of booking a phantom win or loss.
   */
  async function book(member: AuthMember, code: string, observed: bigint, before: bigint | undefined, readStartedAt: Date): Promise<void> {
    await withMoneyTransaction(db, async (trx) => {
      const game = await ensureAccount(trx, memberGame(member.memberId, code, member.currency));
      const ledger = createLedgerRepository(trx);
      const cached = (await ledger.lockedBalance(game)) ?? 0n;
      // Checked under the game account's lock, in the booking's own transaction.
      if (await createTransferRepository(trx).movedSince(member.memberId, code, readStartedAt)) return;
      if ((await createWalletRepository(trx).lastPostings([game])).get(game) !== before) return;
      const diff = observed - cached;
      if (diff === 0n) return;
      const pnl = await ensureAccount(trx, shardedSystemAccount(ACCOUNT_CODES.gamePnl, member.currency, member.memberId));
      await postEntry(trx, {
        kind: TRANSFER_ENTRY_KINDS.pnl,
        memo: `observed at refresh: ${code}`,
        postings: [
          { account: game, amount: diff },
          { account: pnl, amount: -diff },
        ],
      });
    });
  }

  return {
    async refresh(member: AuthMember): Promise<TGameAccount[]> {
      const active = (await deps.accounts.listForMember(member.memberId)).filter((a) => a.status === 'active');
      const ledgerGames = await deps.wallet.gameAccounts(member.memberId);
      const ids = active.flatMap((a) => ledgerGames.get(ACCOUNT_CODES.game(a.game_code))?.id ?? []);
      const markers = await deps.wallet.lastPostings(ids);
      const readStartedAt = deps.clock.now();
      const { balanceTimeoutMs } = await deps.rules.get();

      const readings = await Promise.allSettled(
        active.map(async (a) => {
          const provider = await access.provider(await access.game(a.game_code, 'withdraw'), balanceTimeoutMs);
          return { code: a.game_code, balance: await provider.getBalance(a.username) };
        }),
      );
      for (const [i, reading] of readings.entries()) {
        if (reading.status === 'rejected') {
          deps.log.warn({ err: reading.reason, game: active[i]?.game_code }, 'game balance not read: cached amount shown');
          continue;
        }
        const id = ledgerGames.get(ACCOUNT_CODES.game(reading.value.code))?.id;
        await book(member, reading.value.code, reading.value.balance, id === undefined ? undefined : markers.get(id), readStartedAt);
      }
      return deps.gameAccounts.slots(member.memberId);
    },
  };
}

export type RefreshService = ReturnType<typeof createRefreshService>;
