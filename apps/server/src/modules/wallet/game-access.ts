import type { GameProvider } from '../../adapters/games/game-provider.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import type { GameRow, GamesRepository } from '../games/games-repository.ts';
import type { GameAccount, GameAccountRepository } from './game-account-repository.ts';
import type { GamePasswordBox } from './game-password-box.ts';
import type { GameProviders } from './game-providers.ts';
import type { WalletRulesSource } from './wallet-rules.ts';

/** A game the operator disabled still lets members take their money out. */
const usable = (row: GameRow, purpose: 'use' | 'withdraw') => row.is_enabled || purpose === 'withdraw';

export type ActiveGameAccount = { game: GameRow; account: GameAccount; provider: GameProvider };

/**
 * The one place that answers "which game, which of this member's accounts, which
 * provider". Every lookup is keyed by the session's member id, so no request can
 * reach another member's game account (docs/accounts.md, "The member guard").
 */
export function createGameAccess(deps: {
  games: GamesRepository;
  accounts: GameAccountRepository;
  providers: GameProviders;
  rules: WalletRulesSource;
  passwords: GamePasswordBox;
}) {
  /** A catalogue game, usable for `purpose`. */
  async function game(code: string, purpose: 'use' | 'withdraw' = 'use'): Promise<GameRow> {
    const row = await deps.games.find(code);
    if (!row || !usable(row, purpose)) throw new AppError('NO_GAME');
    return row;
  }

  /** The game's provider client; with `timeoutMs` given, no rules are read (nothing can fail). */
  async function provider(row: Pick<GameRow, 'code' | 'launch_mode'>, timeoutMs?: number): Promise<GameProvider> {
    const deadline = timeoutMs ?? (await deps.rules.get()).providerTimeoutMs;
    return deps.providers.get(row.code, { launchMode: row.launch_mode, timeoutMs: deadline });
  }

  async function activeAccount(
    member: Pick<AuthMember, 'memberId'>,
    code: string,
    purpose: 'use' | 'withdraw' = 'use',
  ): Promise<ActiveGameAccount> {
    const found = await deps.accounts.findWithGame(member.memberId, code);
    if (!found || !usable(found.game, purpose)) throw new AppError('NO_GAME');
    const { game: row, account } = found;
    if (account?.status !== 'active') throw new AppError('SLOT_NO_ACCOUNT');
    return { game: row, account, provider: await provider(row) };
  }

  return {
    game,
    provider,
    activeAccount,

    /**
     * One end of a transfer: the member's active account at that game, or the
     * reason there is none (NO_GAME, SLOT_NO_ACCOUNT). A transfer's own
     * statement checks the same rule (transfer-repository.ts, usableEndSql) and
     * asks here only for the reason.
     */
    async transferTarget(member: AuthMember, code: string, direction: 'to_game' | 'from_game') {
      const { game: row, account, provider: p } = await activeAccount(member, code, direction === 'from_game' ? 'withdraw' : 'use');
      return { code: row.code, username: account.username, provider: p };
    },

    /** The member's player name at a game, whatever the account's status (a transfer's cancel names its player). */
    async username(memberId: string, code: string): Promise<string> {
      const found = await deps.accounts.findWithGame(memberId, code);
      if (!found?.account) throw new Error(`member ${memberId} has no account at ${code}`);
      return found.account.username;
    },

    /** The member's password in clear for the game dialog; undefined when it cannot be opened (rotated secret). */
    password(account: GameAccount): string | undefined {
      try {
        return deps.passwords.open(account.password_sealed);
      } catch {
        return undefined;
      }
    },
  };
}

export type GameAccessService = ReturnType<typeof createGameAccess>;
