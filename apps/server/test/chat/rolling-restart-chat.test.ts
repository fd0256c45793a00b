import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_CHAT_PREFIX } from '@jetton/contract/admin/routes';
import type { TChatConfigResponse, TChatEntry, TChatHistoryResponse, TChatSendResponse } from '@jetton/contract/chat';
import {
  CHAT_AGENT_NAMESPACE,
  CHAT_AGENT_ROUTES,
  type ChatAgentClientToServer,
  type ChatAgentServerToClient,
  type TChatAgentConversationResponse,
  type TChatConversationSummary,
} from '@jetton/contract/chat-agent';
import type { ChatClientToServer, ChatServerToClient } from '@jetton/contract/chat-events';
import { CHAT } from '@jetton/contract/constants';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { ADMIN_COOKIE, CSRF_HEADER } from '../../src/modules/admin/admin-guard.ts';
import { createOperatorRepository } from '../../src/modules/admin/operator-repository.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import { createSigner } from '../../src/modules/auth/signer.ts';
import { CHAT_RULES_KEY } from '../../src/modules/chat/chat-rules.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { createChaosMembers } from '../chaos/chaos-setup.ts';
import { startTestCluster } from '../cluster/test-cluster.ts';

/**
 * The support chat through a rolling restart (docs/chat.md, "Rolling restarts"): a member's socket
 * and an agent's socket, both through HAProxy, exchange messages while every node is restarted in
 * turn. Each client does what its app does: the member's joins with the last seq it holds and
 * backfills over history (apps/web chat-session.ts), the agent's reads the open conversation after
 * the last seq it holds on every connect (apps/admin chat-api.ts). Skipped like rolling-restart.test.ts.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxy = spawnSync('haproxy', ['-v']).status === 0;
const missing = [!adminUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL', !haproxy && 'haproxy'].filter(Boolean);
/** The balancer, 5 ports past rolling-restart.test.ts's (which runs beside this file); nodes on the ports after it. */
const PORT = Number(process.env.ROLL_TEST_PORT ?? 8362) + 5;
/** Each side sends one message this often, waiting for the previous one's answer. */
const SEND_EVERY_MS = 150;

/** What a client holds of a conversation: entries by seq (so a replayed one is held once), and how it got them. */
function createView() {
  const bySeq = new Map<number, TChatEntry>();
  const stats = { events: 0, backfilled: 0, connects: 0, conflicts: 0, connectErrors: [] as string[] };
  return {
    stats,
    merge(entries: readonly TChatEntry[], how: 'event' | 'backfill' | 'own'): void {
      for (const entry of entries) {
        if (how === 'event') stats.events++;
        if (how === 'backfill') stats.backfilled++;
        const held = bySeq.get(entry.seq);
        if (held && held.id !== entry.id) stats.conflicts++;
        bySeq.set(entry.seq, entry);
      }
    },
    /** The highest seq held with none missing below it. */
    contiguous(): number {
      let seq = 0;
      while (bySeq.has(seq + 1)) seq++;
      return seq;
    },
    last: (): number => Math.max(0, ...bySeq.keys()),
    entries: (): TChatEntry[] => [...bySeq.values()].sort((a, b) => a.seq - b.seq),
  };
}

/**
 * The member's own client address on loopback: the balancer passes it on, so the per-IP message
 * counters (shared in Redis) are this test's own, not those of other tests calling from 127.0.0.1.
 */
const MEMBER_ADDRESS = `127.84.50.${1 + (process.pid % 250)}`;

/** fetch from MEMBER_ADDRESS (fetch cannot choose its local address). */
function memberFetch(url: string, init: { method?: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, localAddress: MEMBER_ADDRESS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0 })));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

async function json<T>(res: Response): Promise<T> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

/** Sends until answered (a retry carries the same clientId, so it is stored once), as both apps do. */
async function sendUntilStored(send: () => Promise<Response>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await send();
      if (res.ok) return;
      if (attempt >= 20) throw new Error(`send failed: ${res.status} ${await res.text()}`);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    await sleep(200);
  }
}

describe.skipIf(missing.length > 0)(
  `the support chat through a rolling restart${missing.length ? ` (skipped: no ${missing.join(', ')})` : ''}`,
  () => {
    const cleanup: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step().catch(() => undefined);
    });

    it(
      'a member and an agent keep talking while every node restarts: each gets all the other sent, once, in order',
      { timeout: 300_000 },
      async () => {
        let passed = false;
        const { cluster, database, dir } = await startTestCluster({
          adminUrl: adminUrl ?? '',
          redisUrl: redisUrl ?? '',
          port: PORT,
          label: 'rollchat',
          poolSize: 2,
          cleanup,
          // The nodes' and the balancer's logs stay when the test fails.
          keepFolder: () => !passed,
        });
        const origin = cluster.origin;

        // One member sending every 150 ms is over the per-IP message limit meant for many.
        await createSettingsRepository(database.db).set(CHAT_RULES_KEY, {
          messagesPerIp: { max: 100_000, windowMs: 60_000 },
          messagesPerSender: { max: 100_000, windowMs: 60_000 },
          messagesPerConnection: { max: 100_000, windowMs: 60_000 },
        });
        const [member] = await createChaosMembers(database.db, cluster.tokenSecret, 1, 10_000n);
        if (!member) throw new Error('no member');

        // The agent: a support operator with a session, as the back office's login leaves one.
        const operators = createOperatorRepository(database.db);
        const operatorId = uuidV7(new Date());
        await operators.insert({
          id: operatorId,
          login: 'roll-agent',
          name: 'Roll Agent',
          passwordHash: await hashPassword('roll-agent-password'),
          roles: ['support'],
          mustChangePassword: false,
          totpExempt: true,
          now: new Date(),
        });
        const sessionId = uuidV7(new Date());
        await operators.createSession({
          id: sessionId,
          operatorId,
          ip: null,
          now: new Date(),
          expiresAt: new Date(Date.now() + 3600_000),
        });
        const signer = createSigner(cluster.tokenSecret);
        const agentHeaders = {
          cookie: `${ADMIN_COOKIE}=${encodeURIComponent(signer.sign('admin-session', sessionId))}`,
          [CSRF_HEADER]: signer.digest('admin-csrf', sessionId),
          origin,
        };
        const memberHeaders = { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', origin };

        // The member: its room from the chat config, the newest history, then the socket (chat-session.ts).
        const config = await json<TChatConfigResponse>(await memberFetch(`${origin}${ROUTES.chat.config}`, { headers: memberHeaders }));
        const room = `${config.PREFIX}${member.id}`;
        const claim = { userId: member.id, guestId: null };
        const memberView = createView();
        const memberHistory = async (afterSeq: number) =>
          json<TChatHistoryResponse>(
            await memberFetch(`${origin}${ROUTES.chat.history}`, {
              method: 'POST',
              headers: memberHeaders,
              body: JSON.stringify({ ...claim, limit: 50, afterSeq }),
            }),
          );
        const memberSend = (payload: string, clientId: string) =>
          sendUntilStored(async () => {
            const res = await memberFetch(`${origin}${ROUTES.chat.sendMessage}`, {
              method: 'POST',
              headers: memberHeaders,
              body: JSON.stringify({ ...claim, message: { message_type: 'text', payload }, clientId }),
            });
            // The answer names the stored message (id, seq, createdAt); the widget holds it with what it sent.
            if (res.ok) {
              const stored = (await res.clone().json()) as TChatSendResponse;
              memberView.merge(
                [{ ...stored, sender: 'customer', message: { message_type: 'text', payload }, ...claim } as TChatEntry],
                'own',
              );
            }
            return res;
          });
        await memberSend('hello, anyone there?', randomUUID());

        /** A tab of the member's widget: its socket, joined with the last seq its view holds, backfilled on any gap. */
        const openMemberTab = (view: ReturnType<typeof createView>, transports: ('websocket' | 'polling')[]) => {
          const backfill = async () => {
            for (let round = 0; round < 20; round++) {
              const page = await memberHistory(view.contiguous());
              view.merge(page.conversations, 'backfill');
              if (!page.hasMore) return;
            }
          };
          const socket: Socket<ChatServerToClient, ChatClientToServer> = io(origin, {
            auth: { token: member.token },
            transports,
            reconnectionDelay: CHAT.reconnectDelayMs,
            reconnectionDelayMax: CHAT.reconnectCheckMs,
            // Its own connection with its own cookies, as a browser tab has (polling keeps the balancer's cookie).
            forceNew: true,
            withCredentials: true,
          });
          cleanup.push(() => Promise.resolve(socket.close()));
          socket.on('connect', () => {
            view.stats.connects++;
            socket.emit('join', { room, afterSeq: view.contiguous() }, (answer) => {
              if (!answer.ok) return;
              view.merge(answer.data.missed, 'backfill');
              if (answer.data.hasMore) void backfill().catch(() => undefined);
            });
          });
          socket.on('messaging', (entry) => {
            if (entry.seq > view.last() + 1 && view.last() > 0) void backfill().catch(() => undefined);
            view.merge([entry], 'event');
          });
          socket.on('connect_error', (error) => view.stats.connectErrors.push(error.message));
          socket.on('resync', () => void backfill().catch(() => undefined));
          return socket;
        };
        // The widget as shipped (WebSocket first), and a second tab held to long-polling, as where WebSockets are blocked.
        const memberSocket = openMemberTab(memberView, ['websocket', 'polling']);
        const pollingView = createView();
        const pollingSocket = openMemberTab(pollingView, ['polling']);

        // The agent: the conversation from the list, then the socket; on every connect, what came after the last seq held.
        const list = await json<{ conversations: TChatConversationSummary[] }>(
          await fetch(`${origin}${ADMIN_CHAT_PREFIX}${CHAT_AGENT_ROUTES.conversations}?limit=100`, { headers: agentHeaders }),
        );
        const conversationId = list.conversations.find((c) => c.customer.id === member.id)?.conversationId;
        if (!conversationId) throw new Error('the conversation is not listed');
        const conversationUrl = `${origin}${ADMIN_CHAT_PREFIX}${apiPath(CHAT_AGENT_ROUTES.conversation, { conversationId })}`;
        const agentView = createView();
        agentView.merge(
          (await json<TChatAgentConversationResponse>(await fetch(`${conversationUrl}?limit=50`, { headers: agentHeaders }))).messages,
          'backfill',
        );
        const agentBackfill = async () => {
          for (let round = 0; round < 20; round++) {
            const page = await json<TChatAgentConversationResponse>(
              await fetch(`${conversationUrl}?limit=100&afterSeq=${agentView.contiguous()}`, { headers: agentHeaders }),
            );
            agentView.merge(page.messages, 'backfill');
            if (!page.hasMore) return;
          }
        };
        const agentSend = (payload: string, clientId: string) =>
          sendUntilStored(async () => {
            const res = await fetch(`${origin}${ADMIN_CHAT_PREFIX}${apiPath(CHAT_AGENT_ROUTES.reply, { conversationId })}`, {
              method: 'POST',
              headers: { ...agentHeaders, 'content-type': 'application/json' },
              body: JSON.stringify({ message: { message_type: 'text', payload }, clientId }),
            });
            if (res.ok) agentView.merge([((await res.clone().json()) as { entry: TChatEntry }).entry], 'own');
            return res;
          });
        const agentSocket: Socket<ChatAgentServerToClient, ChatAgentClientToServer> = io(`${origin}${CHAT_AGENT_NAMESPACE}`, {
          transports: ['websocket'],
          extraHeaders: agentHeaders,
          // Its own connection, as in the agent's own browser: not multiplexed over the member's.
          forceNew: true,
        });
        cleanup.push(() => Promise.resolve(agentSocket.close()));
        agentSocket.on('connect', () => {
          agentView.stats.connects++;
          void agentBackfill().catch(() => undefined);
        });
        agentSocket.on('messaging', (event) => {
          if (event.conversationId !== conversationId) return;
          agentView.merge([event.entry], 'event');
        });
        agentSocket.on('connect_error', (error) => agentView.stats.connectErrors.push(error.message));
        agentSocket.on('resync', () => void agentBackfill().catch(() => undefined));

        const until = async (what: string, done: () => boolean, limitMs = 15_000) => {
          const started = Date.now();
          while (!done()) {
            if (Date.now() - started > limitMs)
              throw new Error(
                `${what}: not after ${limitMs} ms (logs in ${dir}; connect errors: member ${memberView.stats.connectErrors.join(', ')}, ` +
                  `polling tab ${pollingView.stats.connectErrors.join(', ')}, ` +
                  `agent ${agentView.stats.connectErrors.join(', ')})`,
              );
            await sleep(50);
          }
        };
        await until('both sockets connected', () => memberSocket.connected && pollingSocket.connected && agentSocket.connected);

        // Both talk without pause through the whole roll, each message after the previous one's answer.
        const sent = { member: [] as string[], agent: [] as string[] };
        let stopping = false;
        const talk = async (who: 'member' | 'agent') => {
          for (let i = 1; !stopping; i++) {
            const payload = `${who} ${i}`;
            await (who === 'member' ? memberSend(payload, randomUUID()) : agentSend(payload, randomUUID().replaceAll('-', '')));
            sent[who].push(payload);
            await sleep(SEND_EVERY_MS);
          }
        };
        const talking = Promise.all([talk('member'), talk('agent')]);
        const steps = await cluster.roll();
        // A little more after the last node is back, then quiet.
        await sleep(2_000);
        stopping = true;
        await talking;

        const said = (view: ReturnType<typeof createView>, by: 'customer' | 'agent') =>
          view
            .entries()
            .filter((e) => (e.sender === 'customer') === (by === 'customer'))
            .map((e) => e.message.payload);
        const memberSaid = ['hello, anyone there?', ...sent.member];
        // What is still on its way arrives within moments; compared below whether or not it did.
        await until(
          'everything delivered',
          () =>
            said(memberView, 'agent').length >= sent.agent.length &&
            said(pollingView, 'agent').length >= sent.agent.length &&
            said(agentView, 'customer').length >= memberSaid.length,
        ).catch(() => undefined);

        const report = (view: ReturnType<typeof createView>) =>
          `connected ${view.stats.connects} times (${view.stats.events} live events, ${view.stats.backfilled} backfilled)`;
        process.stdout.write(
          `chat through a rolling restart: member sent ${sent.member.length}, agent sent ${sent.agent.length}; ` +
            `member's socket ${report(memberView)}, polling tab ${report(pollingView)}, agent's socket ${report(agentView)}; ` +
            `${steps.map((s) => `${s.node} out in ${s.stopMs} ms, back after ${s.backMs} ms`).join('; ')}\n`,
        );
        expect(sent.member.length).toBeGreaterThan(20);
        expect(sent.agent.length).toBeGreaterThan(20);
        // Every message the other side sent, once each, in the order it was sent.
        expect(said(memberView, 'agent')).toEqual(sent.agent);
        expect(said(agentView, 'customer')).toEqual(memberSaid);
        // The polling tab saw the whole conversation too: its session stayed on its node between restarts.
        expect([said(pollingView, 'customer'), said(pollingView, 'agent')]).toEqual([memberSaid, sent.agent]);
        // All hold the same conversation: seqs 1..n with no gap, and never two messages under one seq.
        const seqs = agentView.entries().map((e) => e.seq);
        expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
        expect(memberView.entries().map((e) => e.seq)).toEqual(seqs);
        expect(pollingView.entries().map((e) => e.seq)).toEqual(seqs);
        expect([memberView.stats.conflicts, pollingView.stats.conflicts, agentView.stats.conflicts]).toEqual([0, 0, 0]);
        // Each was on a node that restarted, and reconnected through the balancer; a polling session
        // that lost its node between restarts (no stickiness) would reconnect over and over.
        expect(memberView.stats.connects).toBeGreaterThan(1);
        expect(agentView.stats.connects).toBeGreaterThan(1);
        expect(pollingView.stats.connects).toBeGreaterThan(1);
        expect(pollingView.stats.connects).toBeLessThanOrEqual(4);
        expect(cluster.nodes.flatMap((n) => n.unexpectedExits)).toEqual([]);
        passed = true;
      },
    );
  },
);
