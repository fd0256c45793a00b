import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { toMinor } from '@jetton/contract/money';
import type { GameProvider, TransferOutcome } from '../../adapters/games/game-provider.ts';
import type { Clock } from '../../clock.ts';
import type { CrashPoint } from '../../crash-point.ts';
import type { DB } from '../../db/schema.ts';
import { gathered } from '../../db/gathered.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { accountBalance } from '../../ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, shardedSystemAccount } from '../../ledger/account-codes.ts';
import { retryingConflicts } from '../../ledger/money-transaction.ts';
import { InsufficientFunds } from '../../ledger/ledger-types.ts';
import { postedEntry } from '../../ledger/post-entry.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import type { GameAccessService } from './game-access.ts';
import { createTransferRepository, type Transfer, type TransferDebit, type TransferEnd } from './transfer-repository.ts';
import { AWAITING_DEPOSIT, TRANSFER_ENTRY_KINDS, type TransferSettlement } from './transfer-settlement.ts';
import { reconcileAfter, type WalletRulesSource } from './wallet-rules.ts';
import { rulesFor, type MoneyRulesSource } from '../lookup/money-rules.ts';
import type { LimitsService } from '../care/limits-service.ts';

export type TransferDeps = {
  db: Kysely<DB>;
  clock: Clock;
  rules: WalletRulesSource;
  /** The transfer minimum of the member's currency (docs/money.md, "Rules per currency"). */
  money: MoneyRulesSource;
  access: GameAccessService;
  settlement: TransferSettlement;
  log: FastifyBaseLogger;
  /** Told what each leg's provider call came to (the metrics: docs/operations.md, "Metrics"). */
  onOutcome?: (outcome: TransferOutcome['status']) => void;
  /** The crash test's hook (docs/faults.md, "Killed at each step"); absent outside it. */
  crash?: CrashPoint;
  /** Player care's loss and wager limits, checked in the debit's own transaction (docs/player-care.md). */
  limits?: Pick<LimitsService, 'guardToGame'>;
  /** A transfer into a game by a member with reality checks on: their play session goes on (docs/player-care.md). */
  onPlay?: (memberId: string) => Promise<void>;
};

export type LegResult = { id: string; status: 'SUCCESS' | 'PENDING' };
/** The group a leg joins (null: it starts one) and the request's Idempotency-Key (kept on the first leg). */
type Group = { id: string | null; key: string | null };
/** The unique index of migration 0014 (one first leg per member and key). */
const TRANSFER_KEY_CONSTRAINT = 'transfers_member_idempotency_key';
/** Where a leg's provider call goes: the member's player name at the game, and the game's provider. */
type Target = { username: string; provider: GameProvider };

/**
 * Transfers between the wallet and the games, the two-phase flow of domain
 * rules section 3. No database transaction is open while a provider is called:
 * the money is moved (or the transfer recorded) and committed first, so a lost
 * answer leaves a PENDING transfer that reconciliation settles, never money in limbo.
 */
export function createTransferService(deps: TransferDeps) {
  const { db, clock, access, settlement } = deps;
  const transfers = createTransferRepository(db);
  const guardToGame: LimitsService['guardToGame'] = deps.limits?.guardToGame ?? ((_member, _amount, write) => write(db));
  const transferMinMinor = async (member: AuthMember) => toMinor((await rulesFor(deps.money, member.currency)).transferMin);
  // The legs' first statements of concurrent requests go to the database together, one per batch
  // (db/gathered.ts); a batch that fails (a second first leg under one Idempotency-Key) runs again
  // one by one, so only that request gets the error.
  const debitTogether = gathered((debits: TransferDebit[]) => transfers.insertManyWithEntries(debits), { aloneOnError: true });
  const recordTogether = gathered((rows: Transfer[]) => transfers.insertManyAtUsableEnd(rows), { aloneOnError: true });

  /** A PENDING transfer row; its provider transfer id is its own id (a UUID every provider accepts). */
  async function newRow(member: AuthMember, code: string, direction: Transfer['direction'], groupId: string | null, key: string | null) {
    const now = clock.now();
    const id = uuidV7(now);
    const rules = await deps.rules.get();
    const row: Omit<Transfer, 'amount'> = {
      id,
      group_id: groupId ?? id,
      member_id: member.memberId,
      game_code: code,
      direction,
      currency: member.currency,
      status: 'PENDING',
      provider_transfer_id: id,
      entry_id: null,
      reason: null,
      attempts: 0,
      next_check_at: new Date(now.getTime() + reconcileAfter(rules)),
      created_at: now,
      updated_at: now,
      settled_at: null,
      // On a group's first leg only: a re-send of the request finds its transfer by it (docs/faults.md).
      idempotency_key: groupId === null ? key : null,
    };
    return row;
  }

  /**
   * Another run of the same request (its key taken over after its lease
   * expired) got there first: the unique key on transfers refuses this one
   * before any money moves. It answers with that run's transfer, still
   * pending as far as it knows; a re-send gets the settled outcome.
   */
  async function onceForKey<T>(
    member: AuthMember,
    key: string | null,
    write: () => Promise<T>,
  ): Promise<T | (LegResult & { amount: bigint })> {
    try {
      return await write();
    } catch (error) {
      if (key === null || uniqueViolation(error) !== TRANSFER_KEY_CONSTRAINT) throw error;
      const [first] = await transfers.legsOfKey(member.memberId, key);
      if (!first) throw error;
      return { id: first.id, status: 'PENDING', amount: first.amount };
    }
  }

  /**
   * The request's settlement found the transfer settled already (by
   * reconciliation, racing it): the answer is what the books say. With the
   * provider's final answers both settlers decide the same; this only makes
   * sure the member is never told otherwise than the ledger.
   */
  async function asSettled(id: string, refusal: 'TRANSFER_FAIL' | 'MONEY_NOT_ENOUGH'): Promise<LegResult> {
    const row = await transfers.find(id);
    if (row?.status === 'FAILED') throw new AppError(refusal);
    return { id, status: row?.status === 'SUCCESS' ? 'SUCCESS' : 'PENDING' };
  }

  /**
   * The provider call's end, from what the leg's statement found. The timeout
   * was read before that statement, so nothing here can fail between the
   * recorded transfer and its provider call.
   */
  async function targetOf(code: string, end: TransferEnd, timeoutMs: number): Promise<Target> {
    return { username: end.username, provider: await access.provider({ code, launch_mode: end.launch_mode }, timeoutMs) };
  }

  /**
   * The leg's statement found no usable account at the game, and wrote
   * nothing: the member is told why (NO_GAME, SLOT_NO_ACCOUNT). If the account
   * became usable in between (its activation just finished), nothing moved
   * and the transfer simply failed; sent again, it goes through.
   */
  async function unusable(member: AuthMember, code: string, direction: Transfer['direction']): Promise<never> {
    await access.transferTarget(member, code, direction);
    throw new AppError('TRANSFER_FAIL');
  }

  /** Never throws: an adapter bug or a crash mid-call is an unknown outcome, left to reconciliation. */
  async function call(what: string, send: () => Promise<TransferOutcome>): Promise<TransferOutcome> {
    const outcome = await send().catch((error: unknown): TransferOutcome => {
      deps.log.error({ err: error, what }, 'provider transfer call threw: left to reconciliation');
      return { status: 'UNKNOWN', reason: 'unavailable' };
    });
    deps.onOutcome?.(outcome.status);
    return outcome;
  }

  async function pending(transferId: string, reason: string): Promise<LegResult> {
    const rules = await deps.rules.get();
    const now = clock.now();
    await transfers.noteUnknown(transferId, reason, new Date(now.getTime() + reconcileAfter(rules)), now);
    deps.log.warn({ transferId, reason }, 'transfer outcome unknown: PENDING until reconciled');
    return { id: transferId, status: 'PENDING' };
  }

  /**
   * Wallet -> game. `amount` 'ALL' takes the wallet's balance as read just
   * before the debit; if it is spent meanwhile, the conditional debit refuses
   * (MONEY_NOT_ENOUGH) rather than leave the wallet below zero.
   */
  async function toGame(member: AuthMember, code: string, amount: bigint | 'ALL', group: Group): Promise<LegResult & { amount: bigint }> {
    const wallet = memberWallet(member.memberId, member.currency);
    const value = amount === 'ALL' ? await accountBalance(db, wallet) : amount;
    // An empty wallet has nothing to move; a few satang are below the minimum.
    if (value === 0n) throw new AppError('MONEY_NOT_ENOUGH');
    if (value < (await transferMinMinor(member))) throw new AppError('TRANSFER_MINIMUM');
    if (member.realityCheckMinutes && deps.onPlay) {
      // Their play session goes on only for a game they can play.
      await access.transferTarget(member, code, 'to_game');
      await deps.onPlay(member.memberId);
    }
    const draft: Transfer = { ...(await newRow(member, code, 'to_game', group.id, group.key)), amount: value };
    const { providerTimeoutMs } = await deps.rules.get();
    // (1) Check the game account, debit the wallet and record the transfer, in one statement.
    const debit: TransferDebit = {
      row: draft,
      kind: TRANSFER_ENTRY_KINDS.toGame,
      from: wallet,
      to: shardedSystemAccount(ACCOUNT_CODES.provider(code), member.currency, member.memberId),
    };
    const posted = await onceForKey(member, group.key, () =>
      retryingConflicts(
        () =>
          guardToGame(
            member.memberId,
            value,
            // Inside a member's limits transaction the statement is theirs alone; else it joins others'.
            async (handle) =>
              handle.isTransaction ? (await createTransferRepository(handle).insertManyWithEntries([debit]))[0] : debitTogether(debit),
            member.hasMoneyLimits,
          ),
        { idempotent: true },
      ),
    );
    if (posted === undefined) return unusable(member, code, 'to_game');
    if ('status' in posted) return posted;
    const row: Transfer = { ...draft, entry_id: postedEntry(posted.entry_id, posted.outcome).id };
    const target = await targetOf(code, posted, providerTimeoutMs);
    deps.crash?.('transfer.recorded');
    // (2) Ask the provider, outside any transaction, with the transfer's own id.
    const outcome = await call('deposit', () =>
      target.provider.deposit({ transferId: row.provider_transfer_id, username: target.username, amount: row.amount }),
    );
    deps.crash?.('transfer.answered');
    // (3) Settle by the answer.
    switch (outcome.status) {
      case 'SUCCESS': {
        const settled = await settlement.completeToGame(row);
        deps.crash?.('transfer.settled');
        if (!settled) return { ...(await asSettled(row.id, 'TRANSFER_FAIL')), amount: row.amount };
        return { id: row.id, status: 'SUCCESS', amount: row.amount };
      }
      case 'FAILED': {
        const settled = await settlement.failToGame(row, outcome.reason);
        deps.crash?.('transfer.settled');
        if (!settled) return { ...(await asSettled(row.id, 'TRANSFER_FAIL')), amount: row.amount };
        throw new AppError('TRANSFER_FAIL');
      }
      case 'UNKNOWN':
        return { ...(await pending(row.id, outcome.reason)), amount: row.amount };
    }
  }

  /** Game -> wallet: the provider pays out first (the transfer is recorded before the call), then the wallet is credited. */
  async function fromGame(member: AuthMember, code: string, amount: bigint, group: Group): Promise<LegResult> {
    const row: Transfer = { ...(await newRow(member, code, 'from_game', group.id, group.key)), amount };
    const { providerTimeoutMs } = await deps.rules.get();
    // Check the game account and record the transfer, in one statement.
    const recorded = await onceForKey(member, group.key, () => recordTogether(row));
    if (recorded === undefined) return unusable(member, code, 'from_game');
    if ('status' in recorded) return recorded;
    const source = await targetOf(code, recorded, providerTimeoutMs);
    deps.crash?.('transfer.recorded');
    const outcome = await call('withdraw', () =>
      source.provider.withdraw({ transferId: row.provider_transfer_id, username: source.username, amount }),
    );
    deps.crash?.('transfer.answered');
    switch (outcome.status) {
      case 'SUCCESS': {
        const settled = await settlement.completeFromGame(row);
        deps.crash?.('transfer.settled');
        // Paid out, but spending a deposit not yet confirmed here: reconciliation credits it once that one settles.
        if (settled === 'deferred') return pending(row.id, AWAITING_DEPOSIT);
        if (settled === 'settled-before') return asSettled(row.id, 'TRANSFER_FAIL');
        return { id: row.id, status: 'SUCCESS' };
      }
      case 'FAILED': {
        const refusal = outcome.reason === 'INSUFFICIENT_BALANCE' ? 'MONEY_NOT_ENOUGH' : 'TRANSFER_FAIL';
        const settled = await settlement.failFromGame(row, outcome.reason);
        deps.crash?.('transfer.settled');
        if (!settled) return asSettled(row.id, refusal);
        throw new AppError(refusal);
      }
      case 'UNKNOWN':
        return pending(row.id, outcome.reason);
    }
  }

  return {
    /** POST /api/wallet/transfer; from/to already checked by the contract (WALLET or a game code, different). */
    async transfer(
      member: AuthMember,
      request: { from: string; to: string; amount: bigint },
      key: string | null = null,
    ): Promise<LegResult> {
      if (request.from === request.to) throw new AppError('KEY_INVALID');
      if (request.amount < (await transferMinMinor(member))) throw new AppError('TRANSFER_MINIMUM');
      // Each leg's own statement checks its game account (the member's own accounts only).
      const source = request.from === 'WALLET' ? null : request.from;
      const target = request.to === 'WALLET' ? null : request.to;
      if (!source && target) return toGame(member, target, request.amount, { id: null, key });
      if (source && !target) return fromGame(member, source, request.amount, { id: null, key });
      if (!source || !target) throw new AppError('KEY_INVALID');
      // Game to game: both ends are checked before any money moves.
      await access.transferTarget(member, source, 'from_game');
      await access.transferTarget(member, target, 'to_game');
      // Game to game: through the wallet. An unknown first leg stops here (the money
      // reaches the wallet when reconciled); a refused second leg leaves it in the wallet.
      const first = await fromGame(member, source, request.amount, { id: null, key });
      if (first.status === 'PENDING') return first;
      try {
        const second = await toGame(member, target, request.amount, { id: first.id, key: null });
        return { id: first.id, status: second.status };
      } catch (error) {
        if (error instanceof InsufficientFunds) throw new AppError('TRANSFER_FAIL');
        throw error;
      }
    },

    /** POST /api/wallet/transferAll: the whole wallet to one game. */
    async transferAll(member: AuthMember, to: string, key: string | null = null): Promise<LegResult & { amount: bigint }> {
      // Checked before the wallet's balance is read: a wrong game is named as such, even with an empty wallet.
      await access.transferTarget(member, to, 'to_game');
      return toGame(member, to, 'ALL', { id: null, key });
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
