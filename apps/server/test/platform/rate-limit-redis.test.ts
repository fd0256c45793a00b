import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { buildApp } from '../../src/app.ts';
import { ACCOUNT_RULES_KEY } from '../../src/modules/auth/account-rules.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { call, expectError, nextIp } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

/**
 * The per-IP limits with their counters in a real Redis (REDIS_URL), as several
 * nodes behind a load balancer run them. CI sets TEST_REDIS_URL (a database of
 * its own, e.g. redis://127.0.0.1:6379/15); without it this file is skipped.
 */
const redisUrl = process.env.TEST_REDIS_URL;

/** The key prefix the app gives every counter (apps/server/src/http/rate-limit.ts). */
const NAMESPACE = 'jetton-rl-';
/**
 * Client addresses of this run only, so runs sharing the Redis database never meet; its keys are deleted after.
 * IPv6, one /64 per client: the limiter counts a whole /64 as one client and keys it by the network's first
 * address, which is what the keys below name.
 */
const group = (): string => (0x1000 + randomInt(0xefff)).toString(16);
const RUN = `fd00:${group()}:${group()}`;
let clientCounter = 0;
const runIp = (): string => `${RUN}:${(++clientCounter).toString(16)}::1`;
const network = (ip: string): string => ip.replace(/::1$/, '::');
const LOGIN_KEY = (ip: string): string => `${NAMESPACE}POST${ROUTES.account.login}-${network(ip)}`;
const VERIFY_KEY = (ip: string): string => `${NAMESPACE}POST${ROUTES.account.otpVerify}-${network(ip)}`;

/** Small limits so a test trips them in a few calls; otpVerify gets a short window to watch it reset. */
const LOGIN = { max: 4, windowMs: 60_000 };
const VERIFY = { max: 2, windowMs: 1_000 };

describe.skipIf(!redisUrl)(`per-IP limits with the counters in Redis${redisUrl ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`, () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl ?? '');
  });
  afterAll(async () => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${NAMESPACE}*-${RUN}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  });

  describe.each(testEngines())('two nodes on the %s database', (engine) => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp(engine, { redisUrl });
      await createSettingsRepository(a.database.db).set(ACCOUNT_RULES_KEY, { ipLimits: { login: LOGIN, otpVerify: VERIFY } });
      // A second node: the same database and Redis, its own process memory.
      const app = await buildApp({
        config: testConfig({ redisUrl }),
        db: a.database.db,
        engine: a.database.engine,
        clock: a.clock,
        logger: false,
        startJobs: false,
      });
      await app.ready();
      b = { ...a, app, close: () => app.close() };
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    const login = (node: TestApp, ip: string) =>
      call(node, 'POST', ROUTES.account.login, { username: '0899999997', password: 'not-it' }, { ip });
    const verify = (node: TestApp, ip: string) =>
      call(node, 'POST', ROUTES.account.otpVerify, { otpToken: 'not-a-token', otpCode: '123456' }, { ip });

    it('trips the login limit at max + 1 with 429 REQUEST_LIMIT, and the counter is in Redis', async () => {
      const ip = runIp();
      for (let i = 0; i < LOGIN.max; i++) expectError(await login(a, ip), 404, 'NO_USER');
      const refused = await login(a, ip);
      expectError(refused, 429, 'REQUEST_LIMIT');
      expect(refused.headers['retry-after']).toBeDefined();
      // The count and window live in Redis (not in process memory), with the operator's window.
      expect(await redis.get(LOGIN_KEY(ip))).toBe(String(LOGIN.max + 1));
      const ttl = await redis.pttl(LOGIN_KEY(ip));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(LOGIN.windowMs);
      // Another client is not affected.
      expectError(await login(a, runIp()), 404, 'NO_USER');
    });

    it('shares the counters between the two nodes: calls split across them trip the limit together', async () => {
      const ip = runIp();
      // Alternate nodes: neither sees more than half the calls, yet together they reach max.
      for (let i = 0; i < LOGIN.max; i++) expectError(await login(i % 2 === 0 ? a : b, ip), 404, 'NO_USER');
      expectError(await login(b, ip), 429, 'REQUEST_LIMIT');
      expectError(await login(a, ip), 429, 'REQUEST_LIMIT');
      expect(await redis.get(LOGIN_KEY(ip))).toBe(String(LOGIN.max + 2));
    });

    it('counts from the first call a node answers after it starts', async () => {
      const ip = runIp();
      const app = await buildApp({
        config: testConfig({ redisUrl }),
        db: a.database.db,
        engine: a.database.engine,
        clock: a.clock,
        logger: false,
        startJobs: false,
      });
      const fresh: TestApp = { ...a, app, close: () => app.close() };
      try {
        for (let i = 0; i < LOGIN.max; i++) expectError(await login(fresh, ip), 404, 'NO_USER');
        expectError(await login(fresh, ip), 429, 'REQUEST_LIMIT');
      } finally {
        await fresh.close();
      }
    });

    it('lets the client in again once the window has expired', async () => {
      const ip = runIp();
      for (let i = 0; i < VERIFY.max; i++) expectError(await verify(i % 2 === 0 ? a : b, ip), 400, 'OTP_TOKEN_INVALID');
      expectError(await verify(a, ip), 429, 'REQUEST_LIMIT');
      expectError(await verify(b, ip), 429, 'REQUEST_LIMIT');
      const ttl = await redis.pttl(VERIFY_KEY(ip));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(VERIFY.windowMs);
      // Redis ends the window on its own clock: wait for the counter to go, not for a fixed time.
      await vi.waitFor(async () => expect(await redis.exists(VERIFY_KEY(ip))).toBe(0), { timeout: VERIFY.windowMs + 4_000, interval: 50 });
      expectError(await verify(b, ip), 400, 'OTP_TOKEN_INVALID');
      expect(await redis.get(VERIFY_KEY(ip))).toBe('1');
      expectError(await verify(a, ip), 400, 'OTP_TOKEN_INVALID');
      expectError(await verify(b, ip), 429, 'REQUEST_LIMIT');
    });
  });
});

describe('per-IP limits with REDIS_URL set but Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every counter call fails at once.
    t = await startTestApp('embedded', { redisUrl: 'redis://127.0.0.1:1/15' });
  });
  afterAll(() => t.close());

  it('counts in the node instead (never a 5xx): the login limit still trips at max + 1, and the app still closes', async () => {
    const ip = nextIp();
    // The default login limit is 30 a minute per client.
    for (let i = 0; i < 30; i++)
      expectError(await call(t, 'POST', ROUTES.account.login, { username: '0899999997', password: 'x' }, { ip }), 404, 'NO_USER');
    expectError(await call(t, 'POST', ROUTES.account.login, { username: '0899999997', password: 'x' }, { ip }), 429, 'REQUEST_LIMIT');
  });
});
