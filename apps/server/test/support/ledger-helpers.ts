import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema.ts';
import { ensureAccount } from '../../src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberGame, memberWallet, systemAccount } from '../../src/ledger/account-codes.ts';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';
import type { AccountId } from '../../src/ledger/ledger-types.ts';

/** A member's accounts plus the system accounts a scenario needs, all THB. */
export async function scenarioAccounts(db: Kysely<DB>, ownerId: string = randomUUID()) {
  const id = (ref: Parameters<typeof ensureAccount>[1]) => ensureAccount(db, ref);
  return {
    ownerId,
    wallet: await id(memberWallet(ownerId, 'THB')),
    game: await id(memberGame(ownerId, 'pg', 'THB')),
    bank: await id(systemAccount(ACCOUNT_CODES.bank('test-1'), 'THB')),
    provider: await id(systemAccount(ACCOUNT_CODES.provider('pg'), 'THB')),
    payoutPending: await id(systemAccount(ACCOUNT_CODES.payoutPending, 'THB')),
    payout: await id(systemAccount(ACCOUNT_CODES.payout('KBANK'), 'THB')),
    pnl: await id(systemAccount(ACCOUNT_CODES.gamePnl, 'THB')),
  } satisfies Record<string, AccountId | string>;
}

export async function balanceOf(db: Kysely<DB>, account: AccountId): Promise<bigint> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', account).executeTakeFirstOrThrow();
  return row.balance;
}

/** Every scenario ends here: the ledger's four invariants (docs/money.md, "The ledger"). */
export async function expectLedgerHealthy(db: Kysely<DB>): Promise<void> {
  expect(await checkInvariants(db)).toEqual([]);
}
