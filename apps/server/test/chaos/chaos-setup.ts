import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { systemClock } from '../../src/clock.ts';
import type { DB } from '../../src/db/schema.ts';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { ensureAccount } from '../../src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../../src/ledger/account-codes.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { createMemberRepository } from '../../src/modules/account/member-repository.ts';
import { createAccountRules } from '../../src/modules/auth/account-rules.ts';
import { createAuthService } from '../../src/modules/auth/auth-service.ts';
import { createLoginThrottleRepository } from '../../src/modules/auth/login-throttle-repository.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import { createSessionRepository } from '../../src/modules/auth/session-repository.ts';
import { createSigner } from '../../src/modules/auth/signer.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { WALLET_RULES_KEY, type WalletRules } from '../../src/modules/wallet/wallet-rules.ts';
import type { ChaosMember } from './chaos-clients.ts';

/** Marks the fault run's own connections, which it never terminates. */
export const CHAOS_APPLICATION_NAME = 'jetton-chaos';

/**
 * Operator settings for the run: a 2 s provider deadline (a hanging provider
 * costs 2 s, not 8) and reconciliation every second for transfers 5 s old, so
 * the run settles in seconds; the rules themselves are the production ones.
 */
export const CHAOS_WALLET_RULES: Partial<WalletRules> = {
  providerTimeoutMs: 2_000,
  balanceTimeoutMs: 2_000,
  reconcileAfterMs: 5_000,
  reconcileIntervalMs: 1_000,
  reconcileRetryMs: 2_000,
  // A pass claimed by the node that is SIGKILLed is taken up again this soon (a batch of 50 at 8 at once, 2 s each, fits).
  reconcileLeaseMs: 20_000,
};

export function withApplicationName(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', CHAOS_APPLICATION_NAME);
  return parsed.toString();
}

/** A database of the run's own on the PostgreSQL server at `adminUrl`; dropped (with FORCE) at the end. */
export async function createChaosDatabase(adminUrl: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `jetton_chaos_${process.pid}_${Date.now()}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: withApplicationName(adminUrl) });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Members funded in the ledger, each with a session token (inserted directly: scrypt per member would take a while). */
export async function createChaosMembers(
  db: Kysely<DB>,
  tokenSecret: string,
  count: number,
  fundsMinor: bigint,
): Promise<{ id: string; token: string }[]> {
  await createSettingsRepository(db).set(WALLET_RULES_KEY, CHAOS_WALLET_RULES);
  const members = createMemberRepository(db);
  const auth = createAuthService({
    members,
    sessions: createSessionRepository(db),
    throttle: createLoginThrottleRepository(db),
    rules: createAccountRules({ settings: createSettingsRepository(db), clock: systemClock, onInvalid: () => undefined }),
    signer: createSigner(tokenSecret),
    clock: systemClock,
  });
  const passwordHash = await hashPassword('chaos-password');
  const bank = await ensureAccount(db, systemAccount(ACCOUNT_CODES.bank('chaos'), 'THB'));
  const created: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const id = uuidV7(new Date());
    const now = new Date();
    await members.insert({
      id,
      name: `CHAOS MEMBER ${i}`,
      phone: `07${String(i).padStart(8, '0')}`,
      password_hash: passwordHash,
      currency: 'THB',
      bank_code: 'KBANK',
      bank_account_name: `CHAOS MEMBER ${i}`,
      bank_account_no: `77${String(i).padStart(8, '0')}`,
      source_code: null,
      invited_by: null,
      created_at: now,
      updated_at: now,
    });
    const wallet = await ensureAccount(db, memberWallet(id, 'THB'));
    await postEntry(db, {
      kind: 'deposit.chaos',
      reference: randomUUID(),
      postings: [
        { account: bank, amount: -fundsMinor },
        { account: wallet, amount: fundsMinor },
      ],
    });
    created.push({ id, token: await auth.issueToken(id) });
  }
  return created;
}

/** Activates each game for each member and moves `perGame` (major units) to it, before any fault. */
export async function openGameAccounts(
  origin: string,
  members: { id: string; token: string }[],
  games: string[],
  perGame: number,
): Promise<ChaosMember[]> {
  for (const member of members) {
    const headers = { authorization: `Bearer ${member.token}` };
    for (const game of games) {
      const activated = await fetch(`${origin}/api/wallet/activate/${game}`, { headers });
      if (activated.status !== 200) throw new Error(`activating ${game}: ${activated.status} ${await activated.text()}`);
      const moved = await fetch(`${origin}/api/wallet/transfer`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ from: 'WALLET', to: game, amount: perGame }),
      });
      if (moved.status !== 200) throw new Error(`funding ${game}: ${moved.status} ${await moved.text()}`);
    }
  }
  return members.map((m) => ({ ...m, games }));
}
