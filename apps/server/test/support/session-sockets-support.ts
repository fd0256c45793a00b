import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, expect } from 'vitest';
import type { TChatEntry } from '@jetton/contract/chat';
import { CHAT_AGENT_NAMESPACE } from '@jetton/contract/chat-agent';
import type { TChatJoinAnswer } from '@jetton/contract/chat-events';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { CSRF_HEADER } from '../../src/modules/admin/admin-guard.ts';
import { createOperatorRepository } from '../../src/modules/admin/operator-repository.ts';
import { createMember, login, nextIp } from './accounts-support.ts';
import { adminClient, testSigner, type AdminClient } from './admin-support.ts';
import { connected, customerSocket, newGuest, nextEvent, sendText, text, type AgentSocket, type CustomerSocket } from './chat-support.ts';
import type { TestApp } from './test-app.ts';

/** The sessions-end tests' nodes, sockets and private Redis (session-sockets.test.ts). */

export const REDIS_SERVER = '/usr/bin/redis-server';
export const WAIT = 20_000;
export type Ack<T> = { ok: true; data: T } | { ok: false; message: string };
export type Nodes = { t: TestApp; b: FastifyInstance; urlB: string };
export type Member = { kind: 'member'; token: string; userId: string; phone: string; password: string };

export const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** Sockets on node B and what the scenarios do with them; every socket is closed after the describe. */
export function helpers(nodes: () => Nodes) {
  const sockets: { disconnect: () => unknown }[] = [];
  const track = <S extends { disconnect: () => unknown }>(s: S): S => {
    sockets.push(s);
    return s;
  };
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  /** The agents' console as the browser opens it on node B: WebSocket, the operator's session cookie. */
  const consoleOn = async (op: AdminClient): Promise<AgentSocket> => {
    const socket = track(
      io(`${nodes().urlB}${CHAT_AGENT_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: op.cookie },
      }) as AgentSocket,
    );
    await connected(socket);
    return socket;
  };
  /** The widget of a member on node B, joined to its room. */
  const widgetOn = async (member: Member): Promise<CustomerSocket> => {
    const socket = track(customerSocket(nodes().urlB, member));
    await connected(socket);
    const joined = (await socket
      .timeout(WAIT)
      .emitWithAck('join', { room: `jetton-chat-${member.userId}`, afterSeq: 0 })) as Ack<TChatJoinAnswer>;
    expect(joined.ok).toBe(true);
    return socket;
  };
  const closed = (socket: AgentSocket | CustomerSocket) => nextEvent<string>(socket, 'disconnect', WAIT);
  const newMember = async (): Promise<Member> => {
    const m = await createMember(nodes().t);
    return { kind: 'member', token: await login(nodes().t, m.phone, m.password), userId: m.id, phone: m.phone, password: m.password };
  };
  /** A member writes (through node A); an agent's console hears it and names the conversation. */
  const conversationOf = async (member: Member, hearing: AgentSocket): Promise<string> => {
    const heard = nextEvent<{ conversationId: string; entry: TChatEntry }>(hearing, 'messaging', WAIT);
    expect((await sendText(nodes().t, member, 'hello support')).statusCode).toBe(200);
    return (await heard).conversationId;
  };
  /** A reply over HTTP on node B with the operator's cookie. */
  const replyOnB = (op: AdminClient, conversationId: string, payload: string) =>
    nodes().b.inject({
      method: 'POST',
      url: apiPath(ADMIN_ROUTES.chat.reply.path, { conversationId }),
      headers: { cookie: op.cookie, [CSRF_HEADER]: op.csrfToken, 'x-forwarded-for': nextIp() },
      payload: { message: text(payload) },
    });
  /** A second session of the same operator (another browser). */
  const secondSession = async (op: AdminClient): Promise<AdminClient> => {
    const { t } = nodes();
    const now = t.clock.now();
    const sessionId = uuidV7(now);
    await createOperatorRepository(t.database.db).createSession({
      id: sessionId,
      operatorId: op.operatorId,
      ip: null,
      now,
      expiresAt: new Date(now.getTime() + 12 * 3600_000),
    });
    return adminClient(t, { id: op.operatorId, login: op.login }, sessionId, testSigner().sign('admin-session', sessionId));
  };
  return { track, consoleOn, widgetOn, closed, newMember, conversationOf, replyOnB, secondSession };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A private redis-server for this file alone (the shared one is never touched). */
export async function startRedis(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  return { child, url: `redis://127.0.0.1:${port}` };
}

/**
 * Node B's stream reader starts at the stream's newest entry when its first read begins, shortly
 * after B is built; an entry node A appends before that moment is not B's to hear. Before the
 * scenarios, node A writes to a guest's room until that guest, on node B, hears it: from then on B
 * reads every entry A appends.
 */
export async function untilNodeBReadsTheStream(t: TestApp, urlB: string): Promise<void> {
  const guest = await newGuest(t);
  const probe = customerSocket(urlB, guest);
  try {
    await connected(probe);
    const room = `jetton-chat-${guest.guestId}`;
    expect(((await probe.timeout(WAIT).emitWithAck('join', { room, afterSeq: 0 })) as Ack<unknown>).ok).toBe(true);
    const heard = nextEvent(probe, 'typing', WAIT);
    const timer = setInterval(() => t.app.services.chatIo.to(room).emit('typing', { typing: true }), 200);
    await heard.finally(() => clearInterval(timer));
  } finally {
    probe.disconnect();
  }
}
