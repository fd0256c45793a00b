import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_CHAT_PREFIX } from '@jetton/contract/admin/routes';
import type { TChatEntry, TChatHistoryResponse } from '@jetton/contract/chat';
import { CHAT_AGENT_NAMESPACE, CHAT_AGENT_ROUTES, type TChatAgentConversationResponse } from '@jetton/contract/chat-agent';
import { CHAT } from '@jetton/contract/constants';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';
import { ADMIN_COOKIE, CSRF_HEADER } from '../../src/modules/admin/admin-guard.ts';
import { createOperatorRepository } from '../../src/modules/admin/operator-repository.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import { createSigner } from '../../src/modules/auth/signer.ts';
import { CHAT_RULES_KEY } from '../../src/modules/chat/chat-rules.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { createChaosMembers, openGameAccounts } from '../chaos/chaos-setup.ts';
import { startTestCluster } from '../cluster/test-cluster.ts';
import { hasRedisServer, startPrivateRedis } from '../support/private-redis.ts';

/**
 * A Redis outage under traffic (docs/faults.md, "Redis lost"): 2 nodes behind HAProxy on PostgreSQL
 * and a redis-server of this test's own, killed for 10 s and started again on its port while
 * members move money and a member and an agent chat through the balancer. No member request may
 * fail (the nodes stay in rotation), chat between sockets on one node keeps flowing during the
 * outage, and afterwards every client holds every message once. Skipped like rolling-restart.test.ts.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const haproxy = spawnSync('haproxy', ['-v']).status === 0;
const missing = [!adminUrl && 'TEST_DATABASE_URL', !haproxy && 'haproxy', !hasRedisServer && 'redis-server'].filter(Boolean);
/** 10 ports past rolling-restart.test.ts's balancer: this balancer, its nodes after it, and the Redis 5 further. */
const PORT = Number(process.env.ROLL_TEST_PORT ?? 8362) + 10;
const OUTAGE_MS = 10_000;
const MONEY_CLIENTS = 6;

type Entry = Pick<TChatEntry, 'seq' | 'id' | 'sender'> & { message: { payload?: string | undefined } };

/** What a client holds of a conversation, by seq, and how many entries came twice under one seq with another id. */
function createView() {
  const bySeq = new Map<number, Entry>();
  let conflicts = 0;
  return {
    merge(entries: readonly Entry[]): void {
      for (const e of entries) {
        const held = bySeq.get(e.seq);
        if (held && held.id !== e.id) conflicts++;
        bySeq.set(e.seq, e);
      }
    },
    contiguous(): number {
      let seq = 0;
      while (bySeq.has(seq + 1)) seq++;
      return seq;
    },
    said: (customer: boolean): string[] =>
      [...bySeq.values()]
        .sort((x, y) => x.seq - y.seq)
        .filter((e) => (e.sender === 'customer') === customer)
        .map((e) => e.message.payload ?? ''),
    seqs: (): number[] => [...bySeq.keys()].sort((x, y) => x - y),
    conflicts: () => conflicts,
  };
}

async function json<T>(res: Response): Promise<T> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

describe.skipIf(missing.length > 0)(
  `a Redis outage behind the balancer${missing.length ? ` (skipped: no ${missing.join(', ')})` : ''}`,
  () => {
    const cleanup: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
    });

    it(
      'Redis down for 10 s under money and chat traffic: no member request fails, same-node chat flows, every message held once after',
      { timeout: 300_000 },
      async () => {
        let passed = false;
        const redis = await startPrivateRedis(PORT + 5);
        cleanup.push(() => redis.stop());
        const { cluster, database, dir } = await startTestCluster({
          adminUrl: adminUrl ?? '',
          redisUrl: redis.url,
          port: PORT,
          label: 'redisout',
          poolSize: 3,
          cleanup,
          keepFolder: () => !passed,
        });
        const origin = cluster.origin;
        const node1 = `http://127.0.0.1:${PORT + 1}`;
        // Every client calls from 127.0.0.1: lift the per-address and per-sender chat limits.
        const lots = { max: 1_000_000, windowMs: 60_000 };
        await createSettingsRepository(database.db).set(CHAT_RULES_KEY, {
          messagesPerIp: lots,
          messagesPerSender: lots,
          messagesPerConnection: lots,
          connectionsPerIp: lots,
        });
        const members = await openGameAccounts(
          origin,
          await createChaosMembers(database.db, cluster.tokenSecret, MONEY_CLIENTS + 2, 1_000_000n),
          ['pg'],
          500,
        );
        const [talker, local, ...payers] = members as [(typeof members)[0], (typeof members)[0], ...typeof members];

        // The agent: a support operator's session, as the back office's login leaves one.
        const operators = createOperatorRepository(database.db);
        const operatorId = uuidV7(new Date());
        await operators.insert({
          id: operatorId,
          login: 'outage-agent',
          name: 'Outage Agent',
          passwordHash: await hashPassword('outage-agent-password'),
          roles: ['support'],
          mustChangePassword: false,
          totpExempt: true,
          now: new Date(),
        });
        const sessionId = uuidV7(new Date());
        await operators.createSession({ id: sessionId, operatorId, ip: null, now: new Date(), expiresAt: new Date(Date.now() + 3600_000) });
        const signer = createSigner(cluster.tokenSecret);
        const agentHeaders = (base: string) => ({
          cookie: `${ADMIN_COOKIE}=${encodeURIComponent(signer.sign('admin-session', sessionId))}`,
          [CSRF_HEADER]: signer.digest('admin-csrf', sessionId),
          origin: base,
        });
        const memberHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

        /** A member's widget on `base`: history, then a socket joined with the last seq held, backfilling on resync or a gap. */
        const openWidget = (base: string, member: { id: string; token: string }, view: ReturnType<typeof createView>) => {
          const claim = { userId: member.id };
          const backfill = async () => {
            for (let round = 0; round < 20; round++) {
              const page = await json<TChatHistoryResponse>(
                await fetch(`${base}${ROUTES.chat.history}`, {
                  method: 'POST',
                  headers: memberHeaders(member.token),
                  body: JSON.stringify({ ...claim, limit: 100, afterSeq: view.contiguous() }),
                }),
              );
              view.merge(page.conversations);
              if (!page.hasMore) return;
            }
          };
          const socket: Socket = io(base, {
            auth: { token: member.token },
            transports: ['websocket'],
            reconnectionDelay: CHAT.reconnectDelayMs,
            reconnectionDelayMax: CHAT.reconnectCheckMs,
            forceNew: true,
          });
          cleanup.push(() => Promise.resolve(socket.close()));
          socket.on('connect', () => {
            socket.emit(
              'join',
              { room: `jetton-chat-${member.id}`, afterSeq: view.contiguous() },
              (answer: { ok: boolean; data?: { missed: Entry[] } }) => {
                if (answer.ok && answer.data) view.merge(answer.data.missed);
                void backfill().catch(() => undefined);
              },
            );
          });
          socket.on('messaging', (entry: Entry) => {
            if (entry.seq > view.contiguous() + 1) void backfill().catch(() => undefined);
            view.merge([entry]);
          });
          socket.on('resync', () => void backfill().catch(() => undefined));
          return { socket, send: (payload: string) => sendUntilStored(base, member, payload) };
        };
        const sendUntilStored = async (base: string, member: { id: string; token: string }, payload: string) => {
          const clientId = randomUUID();
          for (let attempt = 0; attempt < 20; attempt++) {
            const res = await fetch(`${base}${ROUTES.chat.sendMessage}`, {
              method: 'POST',
              headers: memberHeaders(member.token),
              body: JSON.stringify({ userId: member.id, message: { message_type: 'text', payload }, clientId }),
            }).catch(() => undefined);
            if (res?.ok) return;
            failures.push(`chat send ${res?.status ?? 'dropped'}`);
            await sleep(200);
          }
          throw new Error(`could not send ${payload}`);
        };
        /** The agents' console on `base`: on each connect, and on resync, what came after the last seq held of one conversation. */
        const openConsole = (base: string, conversationId: string, view: ReturnType<typeof createView>) => {
          const url = `${base}${ADMIN_CHAT_PREFIX}${apiPath(CHAT_AGENT_ROUTES.conversation, { conversationId })}`;
          const backfill = async () => {
            for (let round = 0; round < 20; round++) {
              const page = await json<TChatAgentConversationResponse>(
                await fetch(`${url}?limit=100&afterSeq=${view.contiguous()}`, { headers: agentHeaders(base) }),
              );
              view.merge(page.messages);
              if (!page.hasMore) return;
            }
          };
          const socket: Socket = io(`${base}${CHAT_AGENT_NAMESPACE}`, {
            transports: ['websocket'],
            extraHeaders: agentHeaders(base),
            forceNew: true,
          });
          cleanup.push(() => Promise.resolve(socket.close()));
          socket.on('connect', () => void backfill().catch(() => undefined));
          socket.on('resync', () => void backfill().catch(() => undefined));
          const live: string[] = [];
          socket.on('messaging', (event: { conversationId: string; entry: Entry }) => {
            if (event.conversationId !== conversationId) return;
            live.push(event.entry.message.payload ?? '');
            view.merge([event.entry]);
          });
          return { socket, live };
        };
        const conversationOf = async (member: { id: string; token: string }) => {
          await sendUntilStored(origin, member, 'hello');
          const list = await json<{ conversations: { conversationId: string; customer: { id: string } }[] }>(
            await fetch(`${origin}${ADMIN_CHAT_PREFIX}${CHAT_AGENT_ROUTES.conversations}?limit=100`, { headers: agentHeaders(origin) }),
          );
          const id = list.conversations.find((c) => c.customer.id === member.id)?.conversationId;
          if (!id) throw new Error('conversation not listed');
          return id;
        };

        const failures: string[] = [];
        // Through the balancer: a member and an agent, each on whichever node it gives them.
        const talkerView = createView();
        const talkerWidget = openWidget(origin, talker, talkerView);
        const talkerConversation = await conversationOf(talker);
        const consoleView = createView();
        const agentConsole = openConsole(origin, talkerConversation, consoleView);
        // On node 1 directly: a member and an agent on the same node.
        const localView = createView();
        const localWidget = openWidget(node1, local, localView);
        const localConversation = await conversationOf(local);
        const localConsoleView = createView();
        const localConsole = openConsole(node1, localConversation, localConsoleView);
        const untilTrue = async (what: string, done: () => boolean, limitMs = 30_000) => {
          const started = Date.now();
          while (!done()) {
            if (Date.now() - started > limitMs) throw new Error(`${what}: not after ${limitMs} ms (logs in ${dir})`);
            await sleep(50);
          }
        };
        await untilTrue('sockets connected', () =>
          [talkerWidget, localWidget, agentConsole, localConsole].every((c) => c.socket.connected),
        );

        // Money: transfers and reads through the balancer, without pause.
        let stopping = false;
        let moneyRequests = 0;
        const pay = async (token: string, index: number) => {
          for (let i = index; !stopping; i++) {
            const read = i % 3 === 2;
            try {
              const res = read
                ? await fetch(`${origin}/api/wallet`, { headers: { authorization: `Bearer ${token}` } })
                : await fetch(`${origin}/api/wallet/transfer`, {
                    method: 'POST',
                    headers: { ...memberHeaders(token), 'idempotency-key': randomUUID() },
                    body: JSON.stringify(
                      i % 2 === 0 ? { from: 'WALLET', to: 'pg', amount: 2.5 } : { from: 'pg', to: 'WALLET', amount: 2.5 },
                    ),
                  });
              const body = await res.text();
              if (res.status !== 200 && res.status !== 202)
                failures.push(`${read ? 'read' : 'transfer'} ${res.status} ${body.slice(0, 80)}`);
            } catch (error) {
              failures.push(`${read ? 'read' : 'transfer'} dropped: ${String(error)}`);
            }
            moneyRequests++;
          }
        };
        const paying = Promise.all(payers.map((m, i) => pay(m.token, i)));
        // Chat: the member through the balancer writes every 200 ms.
        const talked: string[] = ['hello'];
        const talking = (async () => {
          for (let i = 1; !stopping; i++) {
            await talkerWidget.send(`talker ${i}`);
            talked.push(`talker ${i}`);
            await sleep(200);
          }
        })();

        await sleep(2_000);
        await redis.stop('SIGKILL');
        const outageBegan = Date.now();
        // Wait until node 1 serves without Redis (its health says so), then talk on node 1 alone.
        for (let polls = 0; ; polls++) {
          const health = await json<{ status: string }>(await fetch(`${node1}${ROUTES.health}`));
          if (health.status === 'degraded') break;
          if (polls > 200) throw new Error('node 1 never saw Redis down');
          await sleep(50);
        }
        const localSaid = ['hello'];
        for (let i = 1; i <= 5; i++) {
          const payload = `local ${i}`;
          await localWidget.send(payload);
          localSaid.push(payload);
          // Delivered on node 1 at once, Redis or not: to the member's own socket and to the agent there.
          await untilTrue(
            `"${payload}" live on node 1 during the outage`,
            () => localConsole.live.includes(payload) && localView.said(true).includes(payload),
            5_000,
          );
        }
        const deliveredDuringOutage = Date.now() < outageBegan + OUTAGE_MS;
        await sleep(Math.max(0, outageBegan + OUTAGE_MS - Date.now()));
        await redis.start();
        await sleep(3_000);
        stopping = true;
        await Promise.all([paying, talking]);

        // Everything said reaches everyone who should hold it, once each, in order.
        await untilTrue(
          'every message held',
          () => consoleView.said(true).length >= talked.length && talkerView.said(true).length >= talked.length,
          60_000,
        ).catch(() => undefined);
        process.stdout.write(
          `Redis outage of ${OUTAGE_MS / 1000} s behind HAProxy: ${moneyRequests} money requests, ${talked.length} chat messages through the balancer, ` +
            `${localSaid.length} on node 1; failures ${failures.length}\n`,
        );
        expect(failures.slice(0, 5), `logs in ${dir}`).toEqual([]);
        expect(deliveredDuringOutage).toBe(true);
        expect(consoleView.said(true)).toEqual(talked);
        expect(talkerView.said(true)).toEqual(talked);
        expect(localConsoleView.said(true)).toEqual(localSaid);
        expect(localView.said(true)).toEqual(localSaid);
        for (const view of [talkerView, consoleView, localView, localConsoleView]) {
          expect(view.seqs()).toEqual(Array.from({ length: view.seqs().length }, (_, i) => i + 1));
          expect(view.conflicts()).toBe(0);
        }
        expect(moneyRequests).toBeGreaterThan(MONEY_CLIENTS * 10);
        expect(cluster.nodes.flatMap((n) => n.unexpectedExits)).toEqual([]);
        expect(await checkInvariants(database.db)).toEqual([]);
        passed = true;
      },
    );
  },
);
