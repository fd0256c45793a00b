import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TGameAccount } from '@jetton/contract/wallet';
import { fromMinor } from '@jetton/contract/money';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberGame } from '../../ledger/account-codes.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import type { GameRow, GamesRepository } from '../games/games-repository.ts';
import type { GameAccessService } from './game-access.ts';
import type { GameAccount, GameAccountRepository } from './game-account-repository.ts';
import { randomGamePassword, type GamePasswordBox } from './game-password-box.ts';
import type { WalletRepository } from './wallet-repository.ts';

export type GameAccountDeps = {
  db: Kysely<DB>;
  clock: Clock;
  games: GamesRepository;
  accounts: GameAccountRepository;
  wallet: WalletRepository;
  access: GameAccessService;
  passwords: GamePasswordBox;
  log: FastifyBaseLogger;
};

/** Provider-side username: the game's prefix + the member number (docs/games.md, "Game accounts"). */
export function providerUsername(game: GameRow, memberNo: bigint): string {
  return `${game.player_prefix}${memberNo}`.toLowerCase();
}

/** A game card: the catalogue entry, plus the member's account and its last known balance. */
export function toSlot(game: GameRow, account: GameAccount | undefined, balance: bigint, password: string | undefined): TGameAccount {
  const active = account?.status === 'active';
  return {
    code: game.code,
    name: game.name,
    category: game.category,
    logo: game.logo,
    background: game.background,
    isActive: active,
    // A negative cache cannot happen (see transfer-settlement.ts); never show one anyway.
    amount: fromMinor(balance > 0n ? balance : 0n),
    ftWalletSlot: game.ft_wallet_slot,
    web: game.web_url,
    android: game.android_url,
    ios: game.ios_url,
    ...(active && account ? { username: account.username, ...(password === undefined ? {} : { password }) } : {}),
  };
}

/** The game cards, activation, credentials and password reset (docs/games.md, "Game accounts"). */
export function createGameAccountService(deps: GameAccountDeps) {
  const { clock, accounts, access } = deps;

  async function slot(member: AuthMember, game: GameRow): Promise<TGameAccount> {
    const account = await accounts.find(member.memberId, game.code);
    const balance = (await deps.wallet.gameAccounts(member.memberId)).get(ACCOUNT_CODES.game(game.code));
    return toSlot(game, account, balance?.balance ?? 0n, account ? access.password(account) : undefined);
  }

  return {
    /** Every enabled catalogue game, in display order, with the member's accounts and cached balances. */
    async slots(memberId: string): Promise<TGameAccount[]> {
      const [games, mine, balances] = await Promise.all([
        deps.games.listEnabled(),
        accounts.listForMember(memberId),
        deps.wallet.gameAccounts(memberId),
      ]);
      const byCode = new Map(mine.map((a) => [a.game_code, a]));
      return games.map((game) => {
        const account = byCode.get(game.code);
        const balance = balances.get(ACCOUNT_CODES.game(game.code))?.balance ?? 0n;
        return toSlot(game, account, balance, account ? access.password(account) : undefined);
      });
    },

    /**
     * Creates the player at the provider. The account row is claimed first with
     * its username and password, so a retry after a lost answer (or a double
     * click) sends the same credentials; a player that already exists gets the
     * stored password set again.
     */
    async activate(member: AuthMember, code: string): Promise<TGameAccount> {
      const game = await access.game(code);
      const existing = await accounts.find(member.memberId, game.code);
      if (existing?.status === 'active') throw new AppError('SLOT_ALREADY_ACTIVE');
      const now = clock.now();
      const account =
        existing ??
        (await accounts.claim({
          member_id: member.memberId,
          game_code: game.code,
          username: providerUsername(game, member.memberNo),
          password_sealed: deps.passwords.seal(randomGamePassword()),
          status: 'creating',
          created_at: now,
          updated_at: now,
        }));
      const password = deps.passwords.open(account.password_sealed);
      const provider = await access.provider(game);
      try {
        const created = await provider.createPlayer({ username: account.username, password, currency: member.currency });
        if (created === 'EXISTS') await provider.resetPassword(account.username, password);
      } catch (error) {
        deps.log.warn({ err: error, game: game.code }, 'game activation failed at the provider');
        throw new AppError('SLOT_ACTIVATE_FAIL');
      }
      await ensureAccount(deps.db, memberGame(member.memberId, game.code, member.currency));
      await accounts.markActive(member.memberId, game.code, clock.now());
      return slot(member, game);
    },

    /** The card with its credentials, for the game dialog. */
    async account(member: AuthMember, code: string): Promise<TGameAccount> {
      const { game } = await access.activeAccount(member, code);
      return slot(member, game);
    },

    /** A new random password at the provider; stored only once the provider took it. */
    async resetPassword(member: AuthMember, code: string): Promise<TGameAccount> {
      const { game, account, provider } = await access.activeAccount(member, code);
      const password = randomGamePassword();
      try {
        await provider.resetPassword(account.username, password);
      } catch (error) {
        deps.log.warn({ err: error, game: game.code }, 'game password reset failed at the provider');
        throw new AppError('SLOT_RESET_PASSWORD_FAIL');
      }
      await accounts.setPassword(member.memberId, game.code, deps.passwords.seal(password), clock.now());
      return slot(member, game);
    },
  };
}

export type GameAccountService = ReturnType<typeof createGameAccountService>;
