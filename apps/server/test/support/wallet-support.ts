import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { GameCode } from '@jetton/contract/constants';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import type { TGameAccount } from '@jetton/contract/wallet';
import { ensureAccount } from '../../src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberGame, memberWallet, systemAccount } from '../../src/ledger/account-codes.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { WALLET_RULES_KEY, type WalletRules } from '../../src/modules/wallet/wallet-rules.ts';
import { call, createMember, login, PASSWORD, type TestMember } from './accounts-support.ts';
import { sandboxOf } from './demo-provider-helpers.ts';
import { expectLedgerHealthy } from './ledger-helpers.ts';
import type { TestApp } from './test-app.ts';

/** Helpers for the wallet tests: members with money, game accounts, transfers through the real routes. */

export type WalletMember = TestMember & { token: string };

export async function walletMember(t: TestApp, funds = 0n): Promise<WalletMember> {
  const member = await createMember(t);
  if (funds > 0n) await fund(t, member.id, funds);
  return { ...member, token: await login(t, member.phone, PASSWORD) };
}

/** Money arrives from a system account, as a deposit entry would post it, without a deposit flow's ceremony. */
export async function fund(t: TestApp, memberId: string, minor: bigint): Promise<void> {
  const db = t.database.db;
  const bank = await ensureAccount(db, systemAccount(ACCOUNT_CODES.bank('test'), 'THB'));
  const wallet = await ensureAccount(db, memberWallet(memberId, 'THB'));
  await postEntry(db, {
    kind: 'deposit.test',
    postings: [
      { account: bank, amount: -minor },
      { account: wallet, amount: minor },
    ],
  });
}

export async function walletBalance(t: TestApp, memberId: string): Promise<bigint> {
  return balanceOfRef(t, memberWallet(memberId, 'THB'));
}

/** The ledger's cached provider balance of the member's game account. */
export async function gameBalance(t: TestApp, memberId: string, code: GameCode): Promise<bigint> {
  return balanceOfRef(t, memberGame(memberId, code, 'THB'));
}

/** What the site holds at a provider: the sum over the sharded provider:<code> accounts. */
export async function providerHolding(t: TestApp, code: GameCode): Promise<bigint> {
  const base = ACCOUNT_CODES.provider(code);
  const rows = await t.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_id', 'is', null)
    .where((eb) => eb.or([eb('code', '=', base), eb('code', 'like', `${base}#%`)]))
    .execute();
  return rows.reduce((sum, r) => sum + r.balance, 0n);
}

async function balanceOfRef(t: TestApp, ref: Parameters<typeof ensureAccount>[1]): Promise<bigint> {
  const id = await ensureAccount(t.database.db, ref);
  const row = await t.database.db.selectFrom('ledger_accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow();
  return row.balance;
}

/**
 * Operator settings for this app's wallet. The rules are cached for 5 s of the
 * app's clock, so the clock moves past that to make the new ones count at once.
 */
export async function setWalletRules(t: TestApp, rules: Partial<WalletRules>): Promise<void> {
  await createSettingsRepository(t.database.db).set(WALLET_RULES_KEY, rules);
  t.clock.advance(6_000);
}

export function activate(t: TestApp, token: string, code: string): Promise<LightMyRequestResponse> {
  return call(t, 'GET', apiPath(ROUTES.wallet.activate, { code }), undefined, { token });
}

/** Activates a game and answers its card (with username and password). */
export async function activated(t: TestApp, m: WalletMember, code: GameCode): Promise<TGameAccount> {
  const res = await activate(t, m.token, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TGameAccount>();
}

export function transfer(t: TestApp, token: string, body: unknown, key: string | null = randomUUID()): Promise<LightMyRequestResponse> {
  return call(t, 'POST', ROUTES.wallet.transfer, body, { token, headers: key === null ? {} : { 'idempotency-key': key } });
}

export function transferAll(t: TestApp, token: string, body: unknown, key: string | null = randomUUID()): Promise<LightMyRequestResponse> {
  return call(t, 'POST', ROUTES.wallet.transferAll, body, { token, headers: key === null ? {} : { 'idempotency-key': key } });
}

/** What the demo provider itself holds for the player (its own tables, over its API). */
export async function atProvider(t: TestApp, code: GameCode, username: string): Promise<bigint> {
  return sandboxOf(t).provider(code).getBalance(username);
}

/** Every scenario ends with the ledger's four invariants (docs/money.md, "The ledger"). */
export const expectHealthy = (t: TestApp) => expectLedgerHealthy(t.database.db);
