import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { createIdempotencyRepository } from '../../src/http/idempotency-repository.ts';
import { CLEANUP_RULES_KEY, type CleanupRules } from '../../src/modules/cleanup/cleanup-rules.ts';
import { createSessionRepository } from '../../src/modules/auth/session-repository.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { call, createMember, expectError, login, PASSWORD } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { walletMember } from '../support/wallet-support.ts';
import { withdraw } from '../support/withdraw-support.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(testEngines())('cleanup job (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const cleanup = () => t.app.services.cleanupJob.runOnce();

  async function storedKeys(keys: string[]): Promise<string[]> {
    const rows = await db().selectFrom('idempotency_keys').select('key').where('key', 'in', keys).execute();
    return rows.map((r) => r.key).sort();
  }
  async function storedSessions(ids: string[]): Promise<string[]> {
    const rows = await db().selectFrom('sessions').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id).sort();
  }
  /** A member logged in now; the token's first part is its session id. */
  async function session(): Promise<{ token: string; id: string; memberId: string }> {
    const member = await createMember(t);
    const token = await login(t, member.phone, PASSWORD);
    return { token, id: token.split('.')[0] ?? '', memberId: member.id };
  }
  const profile = (token: string) => call(t, 'GET', ROUTES.account.profile, undefined, { token });
  /** As a password change or an operator ends them: marked revoked, kept a day (a logout deletes them). */
  async function revoke(s: { memberId: string }): Promise<void> {
    await createSessionRepository(db()).revokeAll(s.memberId, t.clock.now());
  }
  /** Operator settings; the rules are cached 5 s of the app's clock, so the clock moves past that. */
  async function setCleanupRules(rules: Partial<CleanupRules>): Promise<void> {
    await createSettingsRepository(db()).set(CLEANUP_RULES_KEY, rules);
    t.clock.advance(6_000);
  }

  it('deletes idempotency keys past the 24 h replay window and still replays the ones inside it', async () => {
    const m = await walletMember(t, 10_000n);
    const [old, recent] = [randomUUID(), randomUUID()];
    // A refusal is stored and replayed like any answer, and moves no money.
    expectError(await withdraw(t, m.token, { amount: 200 }, { key: old }), 422, 'MONEY_NOT_ENOUGH');
    t.clock.advance(23 * HOUR);
    expectError(await withdraw(t, m.token, { amount: 200 }, { key: recent }), 422, 'MONEY_NOT_ENOUGH');
    t.clock.advance(2 * HOUR);

    const summary = await cleanup();
    expect(summary.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(summary.claimed).toBe(summary.idempotencyKeys + summary.sessions);
    expect(await storedKeys([old, recent])).toEqual([recent]);

    const replay = await withdraw(t, m.token, { amount: 200 }, { key: recent });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectError(replay, 422, 'MONEY_NOT_ENOUGH');
  });

  it('deletes sessions revoked or expired more than a day ago, keeps live and recently ended ones', async () => {
    const expired = await session(); // expires in 7 days
    t.clock.advance(DAY);
    const expiredLately = await session();
    t.clock.advance(6 * DAY);
    const revoked = await session();
    await revoke(revoked);
    t.clock.advance(DAY + HOUR);
    // Now: `expired` and `revoked` ended 1 day 1 h ago, `expiredLately` 1 h ago.
    const live = await session();
    const justRevoked = await session();
    await revoke(justRevoked);
    const all = [expired, expiredLately, revoked, live, justRevoked].map((s) => s.id);

    expect((await cleanup()).sessions).toBeGreaterThanOrEqual(2);
    expect(await storedSessions(all)).toEqual([expiredLately.id, live.id, justRevoked.id].sort());
    expect((await profile(live.token)).statusCode).toBe(200);
    expectError(await profile(justRevoked.token), 401, 'invalid-token');
    expectError(await profile(expiredLately.token), 401, 'invalid-token');

    // A day later their grace is over too; the live session is untouched.
    t.clock.advance(DAY + MINUTE);
    await cleanup();
    expect(await storedSessions(all)).toEqual([live.id]);
    expect((await profile(live.token)).statusCode).toBe(200);
  });

  it('works through a backlog larger than one batch in a single pass', async () => {
    await setCleanupRules({ batchSize: 2 });
    try {
      const now = t.clock.now();
      const longAgo = new Date(now.getTime() - 3 * DAY);
      const keys = Array.from({ length: 5 }, () => randomUUID());
      const idempotency = createIdempotencyRepository(db());
      for (const key of keys) expect(await idempotency.claim(`backlog-${key}`, key, 'hash', longAgo, longAgo)).toBe(true);
      const member = await createMember(t);
      const sessions = createSessionRepository(db());
      const ids = Array.from({ length: 5 }, () => uuidV7(longAgo));
      for (const id of ids)
        await sessions.create({ id, memberId: member.id, createdAt: longAgo, expiresAt: new Date(longAgo.getTime() + HOUR) });

      const summary = await cleanup();
      expect(summary.idempotencyKeys).toBeGreaterThanOrEqual(5);
      expect(summary.sessions).toBeGreaterThanOrEqual(5);
      expect(await storedKeys(keys)).toEqual([]);
      expect(await storedSessions(ids)).toEqual([]);
      expect(await cleanup()).toEqual({ claimed: 0, idempotencyKeys: 0, sessions: 0 });
    } finally {
      await setCleanupRules({});
    }
  });
});
