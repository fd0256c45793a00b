import type { GameCode } from '@jetton/contract/constants';
import type { LedgerCurrency } from '../../db/tables/ledger.ts';

/**
 * The one boundary to game providers (the transfer-wallet model of
 * docs/games.md, "The provider boundary"). Amounts are integer minor units. Every call may throw
 * ProviderError, except deposit/withdraw, which never throw for provider
 * trouble: their outcome says whether the money definitely moved, definitely
 * did not, or is unknown (then ask getTransferStatus with the same id later).
 *
 * The guarantee the site settles on: a transfer id is final at the provider
 * once the provider has answered SUCCESS or FAILED for it (a deposit, a
 * withdraw, a status or a cancel answer). NOT_FOUND is not final: a request
 * the provider still holds may land later. Only cancelTransfer turns it into
 * a final FAILED.
 */
export interface GameProvider {
  readonly gameCode: GameCode;
  /** EXISTS when the username is taken already (a retried activation). */
  createPlayer(input: { username: string; password: string; currency: LedgerCurrency }): Promise<'CREATED' | 'EXISTS'>;
  getBalance(username: string): Promise<bigint>;
  /** Wallet -> game. The same transferId applied twice moves money once. */
  deposit(input: TransferInput): Promise<TransferOutcome>;
  /** Game -> wallet. The same transferId applied twice moves money once. */
  withdraw(input: TransferInput): Promise<TransferOutcome>;
  getTransferStatus(transferId: string): Promise<TransferStatus>;
  /**
   * Makes the transfer id final: applied already, SUCCESS; otherwise it is
   * refused from now on, whenever the original request arrives, and the
   * answer is FAILED. The same call twice answers the same.
   */
  cancelTransfer(input: CancelInput): Promise<FinalTransferStatus>;
  resetPassword(username: string, password: string): Promise<void>;
  /** How the member's browser enters the game; never puts the password in a URL. */
  launch(input: { username: string; password: string; platform: Platform }): Promise<LaunchTarget>;
  /** Settled rounds since the given time, oldest first. */
  roundHistory(since: Date): Promise<GameRound[]>;
}

export type TransferInput = { transferId: string; username: string; amount: bigint };

export type CancelInput = TransferInput & { direction: 'deposit' | 'withdraw' };

export type TransferStatus = 'SUCCESS' | 'FAILED' | 'NOT_FOUND';
export type FinalTransferStatus = Exclude<TransferStatus, 'NOT_FOUND'>;

export type TransferOutcome =
  | { status: 'SUCCESS'; balance: bigint | null }
  /** Definitely not applied (refused, unknown player, not enough balance). */
  | { status: 'FAILED'; reason: string }
  /** May or may not be applied: reconcile by transfer id. */
  | { status: 'UNKNOWN'; reason: 'timeout' | 'unavailable' | 'bad-response' };

export type Platform = 'web' | 'android' | 'ios';

export type LaunchTarget =
  /** Opened as is; any credential in it is a short-lived single-use launch token. */
  | { kind: 'link'; url: string }
  /** Posted by the browser as a form (credentials travel in the body, not the URL). */
  | { kind: 'form'; action: string; method: 'POST'; fields: Record<string, string> };

export type GameRound = { id: string; username: string; game: string; bet: bigint; payout: bigint; playedAt: Date };

export type ProviderErrorKind = 'timeout' | 'unavailable' | 'bad-response' | 'rejected';

/** A provider call that did not give a usable answer; `code` is the provider's own error code when it sent one. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly code: string | undefined;

  constructor(kind: ProviderErrorKind, message: string, code?: string) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}
