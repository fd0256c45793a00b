import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatEntry } from '@jetton/contract/chat';
import type { TChatConversationSummary } from '@jetton/contract/chat-agent';
import type { TChatJoinAnswer } from '@jetton/contract/chat-events';
import { ROUTES } from '@jetton/contract/routes';
import { CHAT_RULES_KEY } from '../../src/modules/chat/chat-rules.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import {
  agentSocket,
  baseUrl,
  chatCall,
  collect,
  connected,
  customerSocket,
  newGuest,
  newMember,
  nextEvent,
  sendText,
  text,
  type AgentSocket,
  type Caller,
  type CustomerSocket,
} from '../support/chat-support.ts';
import { testAgentAuthenticator } from '../support/chat-test-agent.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Ack<T> = { ok: true; data: T } | { ok: false; message: string };
const room = (caller: Caller) => `jetton-chat-${caller.kind === 'member' ? caller.userId : caller.guestId}`;
const join = (socket: CustomerSocket, r: string, afterSeq = 0) =>
  socket.timeout(5_000).emitWithAck('join', { room: r, afterSeq }) as Promise<Ack<TChatJoinAnswer>>;

describe.each(testEngines())('chat over socket.io (%s database)', (engine) => {
  let t: TestApp;
  let url: string;
  const agents = testAgentAuthenticator();
  const sockets: { disconnect: () => unknown }[] = [];
  const track = <S extends { disconnect: () => unknown }>(s: S): S => {
    sockets.push(s);
    return s;
  };
  const openCustomer = async (caller: Caller) => {
    const socket = track(customerSocket(url, caller));
    await connected(socket);
    const joined = await join(socket, room(caller));
    expect(joined.ok).toBe(true);
    return socket;
  };
  const openAgent = async (agentId = 'agent-1'): Promise<AgentSocket> => {
    const socket = track(agentSocket(url, { key: agents.key, agentId }));
    await connected(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { authenticateChatAgent: agents.authenticate });
    url = baseUrl(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('refuses a handshake without proof, with a forged guest token or an ended member session', async () => {
    const guest = await newGuest(t);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'KEY_INVALID'],
      [{ guestToken: `${guest.guestId}.${'B'.repeat(43)}` }, 'UNAUTHORIZED'],
      [{ token: 'not-a-session' }, 'invalid-token'],
    ];
    for (const [auth, code] of cases) {
      const socket = track(customerSocket(url, { raw: auth }));
      await expect(connected(socket)).rejects.toThrow(code);
    }
  });

  it("lets a guest join only its own room: another guest's or a member's room is refused and stays silent", async () => {
    const a = await newGuest(t);
    const b = await newGuest(t);
    const member = await newMember(t);
    const socket = track(customerSocket(url, a));
    await connected(socket);
    const heard = collect<TChatEntry>(socket, 'messaging');
    for (const other of [b, member]) expect(await join(socket, room(other))).toEqual({ ok: false, message: 'INVALID_USER_1' });
    expect((await join(socket, room(a))).ok).toBe(true);
    await sendText(t, b, 'for b only');
    await sendText(t, member, 'for the member only');
    await sendText(t, a, 'for a');
    await expect.poll(() => heard.map((e) => e.message.payload)).toEqual(['for a']);
  });

  it('backfills on join everything after the last seq the client holds', async () => {
    const guest = await newGuest(t);
    for (const m of ['one', 'two', 'three']) await sendText(t, guest, m);
    const socket = track(customerSocket(url, guest));
    await connected(socket);
    const answer = await join(socket, room(guest), 1);
    expect(answer.ok && answer.data.missed.map((e) => [e.seq, e.message.payload])).toEqual([
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('carries a conversation both ways with an agent: messages, read marks and typing', async () => {
    const member = await newMember(t);
    const customer = await openCustomer(member);
    const agent = await openAgent();

    const toAgent = nextEvent<{ conversationId: string; entry: TChatEntry }>(agent, 'messaging');
    const listed = nextEvent<TChatConversationSummary>(agent, 'conversation');
    // The customer's own message comes back to their room too (their other tabs and devices).
    const echo = nextEvent<TChatEntry>(customer, 'messaging');
    await sendText(t, member, 'my deposit is missing');
    expect((await echo).seq).toBe(1);
    const { conversationId, entry } = await toAgent;
    expect(entry).toMatchObject({ sender: 'customer', userId: member.userId, seq: 1 });
    expect(await listed).toMatchObject({ conversationId, status: 'open', unread: 1 });

    const toCustomer = nextEvent<TChatEntry>(customer, 'messaging');
    const reply = (await agent.timeout(5_000).emitWithAck('reply', {
      conversationId,
      message: {
        message_type: 'quick_replies',
        payload: 'Which bank?',
        payloads: [{ type: 'postback', title: 'KBANK', payload: 'BANK_KBANK' }],
      },
    })) as Ack<TChatEntry>;
    expect(reply.ok).toBe(true);
    expect(await toCustomer).toMatchObject({ sender: 'other', name: 'Agent agent-1', seq: 2, message: { message_type: 'quick_replies' } });

    // Read marks: the agent's reaches the customer, the customer's reaches the agent.
    const customerSeesRead = nextEvent<{ seq: number }>(customer, 'read');
    expect(await agent.timeout(5_000).emitWithAck('read', { conversationId, seq: 1 })).toEqual({ ok: true, data: { seq: 2 } });
    expect(await customerSeesRead).toEqual({ seq: 2 });
    const agentSeesRead = nextEvent<{ conversationId: string; seq: number }>(agent, 'read');
    await chatCall(t, 'PUT', ROUTES.chat.readCustomer, member, { userId: member.userId });
    expect(await agentSeesRead).toEqual({ conversationId, seq: 2 });

    // Typing both ways.
    const customerSeesTyping = nextEvent<{ typing: boolean }>(customer, 'typing');
    agent.emit('typing', { conversationId, typing: true });
    expect(await customerSeesTyping).toEqual({ typing: true });
    const agentSeesTyping = nextEvent<{ conversationId: string; typing: boolean }>(agent, 'typing');
    customer.emit('typing', { typing: true });
    expect(await agentSeesTyping).toEqual({ conversationId, typing: true });
  });

  it('sends over the socket too, limited per connection, and closes a socket whose member logged out', async () => {
    const settings = createSettingsRepository(t.database.db);
    await settings.set(CHAT_RULES_KEY, { messagesPerConnection: { max: 2, windowMs: 60_000 } });
    t.clock.advance(10_000);
    try {
      const member = await newMember(t);
      const socket = await openCustomer(member);
      const send = (payload: string) =>
        socket.timeout(5_000).emitWithAck('messaging', { message: text(payload) }) as Promise<Ack<{ seq: number }>>;
      expect(await send('one')).toMatchObject({ ok: true, data: { seq: 1 } });
      expect(await send('\u200b \u3164')).toEqual({ ok: false, message: 'CHAT_MESSAGE_BLANK' });
      expect(await send('three')).toEqual({ ok: false, message: 'REQUEST_LIMIT' });
      // A fresh connection has its own allowance, until the member logs out.
      const second = await openCustomer(member);
      const sendOn = (payload: string) =>
        second.timeout(5_000).emitWithAck('messaging', { message: text(payload) }) as Promise<Ack<{ seq: number }>>;
      expect(await sendOn('four')).toMatchObject({ ok: true, data: { seq: 2 } });
      // The logout closes both of the member's sockets (session-sockets.test.ts: every way a session ends).
      const closed = [socket, second].map((s) => nextEvent<string>(s, 'disconnect', 10_000));
      expect((await chatCall(t, 'POST', ROUTES.account.logout, member)).statusCode).toBeLessThan(300);
      expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    } finally {
      await settings.set(CHAT_RULES_KEY, {});
      t.clock.advance(10_000);
    }
  });

  it('refuses agents the authenticator does not know', async () => {
    const socket = track(agentSocket(url, { key: 'wrong', agentId: 'mallory' }));
    await expect(connected(socket)).rejects.toThrow('UNAUTHORIZED');
  });
});

describe('the shipped server', () => {
  it('admits no agent at all until the back office provides an authenticator', async () => {
    const t = await startTestApp('embedded');
    try {
      const agents = testAgentAuthenticator();
      const socket = agentSocket(baseUrl(t), { key: agents.key, agentId: 'agent-1' });
      await expect(connected(socket)).rejects.toThrow('UNAUTHORIZED');
      socket.disconnect();
    } finally {
      await t.close();
    }
  });
});
