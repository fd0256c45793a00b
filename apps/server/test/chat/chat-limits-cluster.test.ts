import { randomInt } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TChatEntry } from '@jetton/contract/chat';
import type { TChatJoinAnswer } from '@jetton/contract/chat-events';
import { buildApp, type App } from '../../src/app.ts';
import { CHAT_RULES_KEY, type ChatRules } from '../../src/modules/chat/chat-rules.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { expectError } from '../support/accounts-support.ts';
import {
  agentSocket,
  baseUrl,
  claimOf,
  connected,
  newGuest,
  nextEvent,
  text,
  type Caller,
  type CustomerSocket,
} from '../support/chat-support.ts';
import { testAgentAuthenticator } from '../support/chat-test-agent.ts';
import { testEngines } from '../support/engines.ts';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../support/private-redis.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

type Ack<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * The chat's limits on a cluster (docs/chat.md, "Limits"): two nodes on one database and one Redis
 * (a redis-server of this file's own, which it kills at the end). An address, a sender and their
 * typing are counted once for both nodes and for HTTP and sockets together; without Redis, per node.
 */
describe.skipIf(!hasRedisServer)(`chat limits across nodes${hasRedisServer ? '' : ' (skipped: no redis-server)'}`, () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  describe.each(testEngines())('two nodes on the %s database', (engine) => {
    let a: TestApp;
    let b: App;
    const agents = testAgentAuthenticator();
    const sockets: { disconnect: () => unknown }[] = [];
    /** An address of this test only: the counters live in Redis. */
    const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

    beforeAll(async () => {
      a = await startTestApp(engine, { redisUrl: redis.url }, { authenticateChatAgent: agents.authenticate });
      b = await buildApp({
        config: testConfig({ redisUrl: redis.url }),
        db: a.database.db,
        engine: a.database.engine,
        clock: a.clock,
        logger: false,
        startJobs: false,
        authenticateChatAgent: agents.authenticate,
      });
      await b.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await b.close();
      await a.close();
    });

    const node = (which: 'a' | 'b'): TestApp => (which === 'a' ? a : { ...a, app: b });
    const url = (which: 'a' | 'b') => baseUrl(node(which));
    const rules = async (patch: Partial<ChatRules>) => {
      await createSettingsRepository(a.database.db).set(CHAT_RULES_KEY, patch);
      a.clock.advance(10_000); // past the rules cache of both nodes (one clock)
    };
    const socketOf = async (which: 'a' | 'b', caller: Caller, ip: string): Promise<CustomerSocket> => {
      const auth = caller.kind === 'member' ? { token: caller.token } : { guestToken: caller.token };
      const socket: CustomerSocket = io(url(which), {
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { 'x-forwarded-for': ip },
      });
      sockets.push(socket);
      await connected(socket);
      const room = `jetton-chat-${caller.kind === 'member' ? caller.userId : caller.guestId}`;
      expect(((await socket.timeout(5_000).emitWithAck('join', { room, afterSeq: 0 })) as Ack<TChatJoinAnswer>).ok).toBe(true);
      return socket;
    };
    const overSocket = async (socket: CustomerSocket, payload: string) =>
      (await socket.timeout(5_000).emitWithAck('messaging', { message: text(payload) })) as Ack<{ seq: number }>;

    it('counts one address once for both nodes, over HTTP and sockets together', async () => {
      await rules({ messagesPerIp: { max: 4, windowMs: 60_000 } });
      const ip = address();
      const [g1, g2, g3] = [await newGuest(a), await newGuest(a), await newGuest(a)] as [Caller, Caller, Caller];
      expect((await sendHttp(node('a'), g1, 'http on a', ip)).statusCode).toBe(200);
      expect((await sendHttp(node('b'), g2, 'http on b', ip)).statusCode).toBe(200);
      const onB = await socketOf('b', g3, ip);
      expect(await overSocket(onB, 'socket on b')).toMatchObject({ ok: true });
      const onA = await socketOf('a', g3, ip);
      expect(await overSocket(onA, 'socket on a')).toMatchObject({ ok: true });
      // The fifth from this address, whichever node and channel: refused.
      expectError(await sendHttp(node('a'), g1, 'one too many', ip), 429, 'REQUEST_LIMIT');
      expect(await overSocket(onB, 'one too many')).toEqual({ ok: false, message: 'REQUEST_LIMIT' });
      // Another address is not held up.
      expect((await sendHttp(node('b'), g2, 'from elsewhere', address())).statusCode).toBe(200);
    });

    it('counts one sender once for both nodes, from any address', async () => {
      await rules({ messagesPerSender: { max: 3, windowMs: 60_000 } });
      const guest = await newGuest(a);
      expect((await sendHttp(node('a'), guest, 'one', address())).statusCode).toBe(200);
      expect((await sendHttp(node('b'), guest, 'two', address())).statusCode).toBe(200);
      const socket = await socketOf('b', guest, address());
      expect(await overSocket(socket, 'three')).toMatchObject({ ok: true });
      expectError(await sendHttp(node('a'), guest, 'four', address()), 429, 'REQUEST_LIMIT');
      expect(await overSocket(await socketOf('a', guest, address()), 'four')).toEqual({ ok: false, message: 'REQUEST_LIMIT' });
      // Someone else is not held up.
      expect((await sendHttp(node('a'), await newGuest(a), 'me too', address())).statusCode).toBe(200);
    });

    it('counts socket connections per address for both nodes', async () => {
      await rules({ connectionsPerIp: { max: 2, windowMs: 60_000 } });
      const ip = address();
      const guest = await newGuest(a);
      await socketOf('a', guest, ip);
      await socketOf('b', guest, ip);
      await expect(socketOf('a', guest, ip)).rejects.toThrow('REQUEST_LIMIT');
      await expect(socketOf('b', guest, ip)).rejects.toThrow('REQUEST_LIMIT');
      await socketOf('b', guest, address());
    });

    it('limits typing news per sender: the rest is dropped', async () => {
      await rules({ typingPerSender: { max: 3, windowMs: 60_000 } });
      const guest = await newGuest(a);
      expect((await sendHttp(node('a'), guest, 'hello', address())).statusCode).toBe(200);
      const agent = agentSocket(url('a'), { key: agents.key, agentId: 'typing-watcher' });
      sockets.push(agent);
      await connected(agent);
      const typing: unknown[] = [];
      agent.on('typing', (event) => typing.push(event));
      const onB = await socketOf('b', guest, address());
      for (let i = 0; i < 20; i++) onB.emit('typing', { typing: i % 2 === 0 });
      await vi.waitFor(() => expect(typing.length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
      // A message sent after them over the same socket comes behind every typing relay there was.
      const heard = nextEvent<{ entry: TChatEntry }>(agent, 'messaging', 10_000);
      expect(await overSocket(onB, 'done typing')).toMatchObject({ ok: true });
      expect((await heard).entry.message.payload).toBe('done typing');
      expect(typing).toHaveLength(3);
    });

    it('counts per node while Redis is down: looser, never off, and no call waits on it', async () => {
      await rules({ messagesPerIp: { max: 2, windowMs: 60_000 } });
      const ip = address();
      const guest = await newGuest(a);
      await redis.stop();
      try {
        await vi.waitFor(
          async () => {
            for (const which of ['a', 'b'] as const)
              expect((await node(which).app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'degraded' });
          },
          { timeout: 20_000, interval: 100 },
        );
        for (const which of ['a', 'b'] as const) {
          expect((await sendHttp(node(which), guest, 'one', ip)).statusCode).toBe(200);
          expect((await sendHttp(node(which), guest, 'two', ip)).statusCode).toBe(200);
          expectError(await sendHttp(node(which), guest, 'three', ip), 429, 'REQUEST_LIMIT');
        }
      } finally {
        await redis.start();
      }
      await vi.waitFor(async () => expect((await a.app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' }), {
        timeout: 20_000,
        interval: 100,
      });
    });

    function sendHttp(t: TestApp, caller: Caller, payload: string, ip: string) {
      return t.app.inject({
        method: 'POST',
        url: '/api/chat/send-message',
        headers: {
          'x-forwarded-for': ip,
          ...(caller.kind === 'member' ? { authorization: `Bearer ${caller.token}` } : { 'x-chat-guest': caller.token }),
        },
        payload: { ...claimOf(caller), message: text(payload) },
      });
    }
  });
});
