import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/http/app-error.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { createIdempotency } from '../../src/http/idempotency.ts';
import { validatorCompiler } from '../../src/http/validation.ts';
import { withMoneyTransaction } from '../../src/ledger/money-transaction.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { testEngines } from '../support/engines.ts';
import { balanceOf, expectLedgerHealthy, scenarioAccounts } from '../support/ledger-helpers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Accounts = Awaited<ReturnType<typeof scenarioAccounts>>;

/**
 * A money-moving route as the wallet module will write it: the member comes from
 * a header here (the auth guard is not there yet), everything else is real.
 */
async function debitApp(t: TestApp, members: Map<string, Accounts>, handlerDelayMs = 0): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const idempotency = createIdempotency({ db: t.database.db, clock: t.clock, waitMs: handlerDelayMs > 0 ? 100 : 5_000, pollMs: 10 });
  const memberOf = (request: { headers: Record<string, unknown> }) => String(request.headers['x-member']);
  app.post(
    '/debit',
    { schema: { body: z.object({ amount: z.number().int().positive() }) }, ...idempotency.route(memberOf) },
    async (request) => {
      const a = members.get(memberOf(request));
      if (!a) throw new AppError('NO_USER');
      const { amount } = request.body as { amount: number };
      if (amount === 999) throw new AppError('REQUEST_LIMIT');
      if (handlerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, handlerDelayMs));
      await withMoneyTransaction(t.database.db, (trx) =>
        postEntry(trx, {
          kind: 'withdraw.hold',
          postings: [
            { account: a.wallet, amount: -BigInt(amount) },
            { account: a.payoutPending, amount: BigInt(amount) },
          ],
        }),
      );
      return { left: String(await balanceOf(t.database.db, a.wallet)), at: randomUUID() };
    },
  );
  await app.ready();
  return app;
}

describe.each(testEngines())('Idempotency-Key on the %s database', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  const members = new Map<string, Accounts>();
  beforeAll(async () => {
    t = await startTestApp(engine);
    app = await debitApp(t, members);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  afterEach(() => expectLedgerHealthy(t.database.db));

  async function member(funds: bigint): Promise<Accounts> {
    const a = await scenarioAccounts(t.database.db);
    await postEntry(t.database.db, {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -funds },
        { account: a.wallet, amount: funds },
      ],
    });
    members.set(a.ownerId, a);
    return a;
  }
  const debit = (a: Accounts, key: string | undefined, amount: number, target = app) =>
    target.inject({
      method: 'POST',
      url: '/debit',
      headers: { 'x-member': a.ownerId, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { amount },
    });

  it('refuses a money POST without a key (KEY_MISSING) or with a key that is not a UUID (KEY_INVALID)', async () => {
    const a = await member(1_000n);
    expect((await debit(a, undefined, 100)).json()).toEqual({ message: 'KEY_MISSING' });
    const bad = await debit(a, 'not-a-uuid', 100);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'KEY_INVALID' });
    expect(await balanceOf(t.database.db, a.wallet)).toBe(1_000n);
  });

  it('answers a repeated request with the first response and moves the money once', async () => {
    const a = await member(1_000n);
    const key = randomUUID();
    const first = await debit(a, key, 300);
    const again = await debit(a, key, 300);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await balanceOf(t.database.db, a.wallet)).toBe(700n);
  });

  it('refuses the same key with another body: 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const a = await member(1_000n);
    const key = randomUUID();
    await debit(a, key, 300);
    const other = await debit(a, key, 301);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balanceOf(t.database.db, a.wallet)).toBe(700n);
  });

  it('scopes keys per member: the same key from two members moves both', async () => {
    const a = await member(1_000n);
    const b = await member(1_000n);
    const key = randomUUID();
    await debit(a, key, 100);
    await debit(b, key, 100);
    expect(await balanceOf(t.database.db, a.wallet)).toBe(900n);
    expect(await balanceOf(t.database.db, b.wallet)).toBe(900n);
  });

  it('replays a refusal too: MONEY_NOT_ENOUGH stays the answer for that key', async () => {
    const a = await member(100n);
    const key = randomUUID();
    const first = await debit(a, key, 500);
    expect(first.statusCode).toBe(422);
    await postEntry(t.database.db, {
      kind: 'deposit.test',
      postings: [
        { account: a.bank, amount: -1_000n },
        { account: a.wallet, amount: 1_000n },
      ],
    });
    const again = await debit(a, key, 500);
    expect(again.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(t.database.db, a.wallet)).toBe(1_100n);
  });

  it('releases the key after a 429 (nothing was done), so the retry runs', async () => {
    const a = await member(1_000n);
    const key = randomUUID();
    expect((await debit(a, key, 999)).statusCode).toBe(429);
    expect((await debit(a, key, 999)).headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a key after 24 hours: the same key then moves money again', async () => {
    const a = await member(1_000n);
    const key = randomUUID();
    await debit(a, key, 100);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await debit(a, key, 100);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(t.database.db, a.wallet)).toBe(800n);
  });

  it('moves money once when 20 duplicates arrive together; all get the same answer', async () => {
    const a = await member(10_000n);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => debit(a, key, 250)));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await balanceOf(t.database.db, a.wallet)).toBe(9_750n);
  });

  it('claims and answers of many keys at once (gathered into shared statements): each key moves money once and keeps its own answer', async () => {
    const a = await member(100_000n);
    const b = await member(100_000n);
    const keys: string[] = Array.from({ length: 12 }, () => randomUUID());
    // Each key three times, from two members, all at once; the same key of two members is two keys.
    const sends = keys.flatMap((key, i) => [0, 1, 2].map(() => ({ who: i % 2 === 0 ? a : b, key, amount: 100 + i })));
    sends.push({ who: b, key: keys[0] ?? '', amount: 100 });
    const answers = await Promise.all(sends.map((s) => debit(s.who, s.key, s.amount)));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    const firstRuns = answers.filter((r) => r.headers['idempotent-replayed'] === undefined);
    expect(firstRuns).toHaveLength(keys.length + 1);
    const spent = keys.reduce((sum, _key, i) => sum + 100 + i, 0) + 100;
    expect((await balanceOf(t.database.db, a.wallet)) + (await balanceOf(t.database.db, b.wallet))).toBe(200_000n - BigInt(spent));
    // Every answer was stored under its own key: a later re-send replays it, body for body.
    for (const [i, s] of sends.entries()) {
      const again = await debit(s.who, s.key, s.amount);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const sameKey = sends.map((o, j) => (o.who === s.who && o.key === s.key ? answers[j]?.body : undefined)).filter(Boolean);
      expect(new Set(sameKey).size, `key ${i}`).toBe(1);
      expect(again.body).toBe(sameKey[0]);
    }
  });

  it('answers 503 "try again" (never IDEMPOTENCY_KEY_REUSED) to a duplicate when the first request is still running after the wait', async () => {
    const slow = await debitApp(t, members, 600);
    try {
      const a = await member(1_000n);
      const key = randomUUID();
      const first = debit(a, key, 100, slow);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const duplicate = await debit(a, key, 100, slow);
      expect(duplicate.statusCode).toBe(503);
      expect(duplicate.json()).toEqual({ message: 'SERVICE_UNAVAILABLE' });
      expect((await first).statusCode).toBe(200);
      // Once the first has answered, the same key and body get its answer.
      const again = await debit(a, key, 100, slow);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe((await first).body);
      expect(await balanceOf(t.database.db, a.wallet)).toBe(900n);
    } finally {
      await slow.close();
    }
  });
});
