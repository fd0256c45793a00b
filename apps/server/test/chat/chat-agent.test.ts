import type { App } from '../../src/app.ts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_AGENT_ROUTES,
  type TChatAgentConversationResponse,
  type TChatConversationSummary,
  type TCannedReplies,
} from '@jetton/contract/chat-agent';
import type { TChatEntry, TChatHistoryResponse, TChatUploadResponse } from '@jetton/contract/chat';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { chatAgentRoutes } from '../../src/modules/chat/chat-agent-routes.ts';
import { expectError } from '../support/accounts-support.ts';
import { chatCall, newGuest, newMember, sendText, type Caller } from '../support/chat-support.ts';
import { multipart } from '../support/deposit-support.ts';
import { testEngines } from '../support/engines.ts';
import { fund } from '../support/wallet-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Where these tests mount the agents' routes, as the back office will (behind its own guard). */
const PREFIX = '/test-agent/chat';
const at = (route: string, conversationId?: string) => `${PREFIX}${conversationId ? apiPath(route, { conversationId }) : route}`;

/** The back office's guard, played by a header naming the agent. */
async function mountAgentRoutes(app: App): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (typeof request.headers['x-test-agent'] !== 'string') await reply.code(401).send({ message: 'UNAUTHORIZED' });
      });
      await scope.register(
        chatAgentRoutes({
          agents: app.services.chatAgents,
          agentOf: (request) => ({ agentId: String(request.headers['x-test-agent']), name: 'Nok' }),
        }),
      );
    },
    { prefix: PREFIX },
  );
}

describe.each(testEngines())("the agents' chat service (%s database)", (engine) => {
  let t: TestApp;
  const agent = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { 'x-test-agent': 'agent-7' }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const conversationOf = async (caller: Caller): Promise<TChatConversationSummary> => {
    const list = (await agent('GET', `${at(CHAT_AGENT_ROUTES.conversations)}?limit=100`)).json<{
      conversations: TChatConversationSummary[];
    }>();
    const id = caller.kind === 'member' ? caller.userId : caller.guestId;
    const found = list.conversations.find((c) => c.customer.id === id);
    if (!found) throw new Error('conversation not listed');
    return found;
  };

  beforeAll(async () => {
    t = await startTestApp(engine, {}, { prepare: mountAgentRoutes });
  });
  afterAll(() => t.close());

  it('lists who waited longest first, with last message, unread count, status and waiting since', async () => {
    const first = await newGuest(t);
    const second = await newMember(t);
    await sendText(t, first, 'waiting since 05:00');
    t.clock.advance(60_000);
    await sendText(t, second, 'waiting since 05:01');
    await sendText(t, second, 'still waiting');
    const res = await agent('GET', `${at(CHAT_AGENT_ROUTES.conversations)}?status=open&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ conversations: TChatConversationSummary[] }>().conversations;
    const mine = rows.filter((c) => [first.guestId, second.userId].includes(c.customer.id));
    expect(mine.map((c) => [c.customer.kind, c.unread, c.lastMessage?.message.payload])).toEqual([
      ['guest', 1, 'waiting since 05:00'],
      ['member', 2, 'still waiting'],
    ]);
    expect(mine[0]?.waitingSince).toBe(new Date(t.clock.now().getTime() - 60_000).toISOString());
    expect(mine[1]?.customer).toMatchObject({ name: 'TEST MEMBER' });
    // Every row waiting is ahead of any row not waiting, and waiting rows go oldest first.
    const waiting = rows.map((c) => c.waitingSince);
    const firstNull = waiting.indexOf(null);
    expect(waiting.slice(0, firstNull === -1 ? undefined : firstNull)).toEqual(
      [...waiting.slice(0, firstNull === -1 ? undefined : firstNull)].sort(),
    );
    expectError(await t.app.inject({ method: 'GET', url: at(CHAT_AGENT_ROUTES.conversations) }), 401, 'UNAUTHORIZED');
  });

  it("opens a member's conversation with their summary, replies, and measures the first reply", async () => {
    const member = await newMember(t);
    await fund(t, member.userId, 15_025n);
    t.clock.advance(1_000);
    await fund(t, member.userId, 10_000n);
    await sendText(t, member, 'hello');
    const { conversationId } = await conversationOf(member);
    const opened = (await agent('GET', at(CHAT_AGENT_ROUTES.conversation, conversationId))).json<TChatAgentConversationResponse>();
    expect(opened.member).toMatchObject({ memberId: member.userId, name: 'TEST MEMBER', currency: 'THB', balance: 250.25 });
    expect(opened.member?.lastDeposits.map((d) => [d.kind, d.amount])).toEqual([
      ['deposit.test', 100],
      ['deposit.test', 150.25],
    ]);
    expect(opened.messages.map((m) => m.message.payload)).toEqual(['hello']);

    t.clock.advance(90_000);
    const buttons = {
      message_type: 'buttons',
      payload: 'How can we help?',
      payloads: [
        { type: 'web', title: 'How to deposit', payload: 'https://example.com/howto' },
        { type: 'call', title: 'Call us', payload: '+66 2 123 4567' },
        { type: 'postback', title: 'Talk to a person', payload: 'HUMAN' },
      ],
    };
    const replied = await agent('POST', at(CHAT_AGENT_ROUTES.reply, conversationId), { message: buttons, clientId: 'agent-reply-01' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json<{ entry: TChatEntry }>().entry).toMatchObject({ sender: 'other', name: 'Nok', seq: 2 });
    const after = await conversationOf(member);
    expect(after).toMatchObject({ status: 'pending', waitingSince: null, firstReplyMs: 90_000, unread: 0 });
    // The member sees it in their history.
    const history = (await chatCall(t, 'POST', ROUTES.chat.history, member, { userId: member.userId })).json<TChatHistoryResponse>();
    expect(history.conversations.at(-1)?.message).toEqual(buttons);
  });

  it('backfills after a seq the console holds, a page at a time, saying whether more follow', async () => {
    const member = await newMember(t);
    for (const word of ['one', 'two', 'three', 'four', 'five']) await sendText(t, member, word);
    const { conversationId } = await conversationOf(member);
    const page = async (query: string) =>
      (await agent('GET', `${at(CHAT_AGENT_ROUTES.conversation, conversationId)}?${query}`)).json<TChatAgentConversationResponse>();
    const first = await page('afterSeq=1&limit=2');
    expect([first.messages.map((m) => m.message.payload), first.hasMore]).toEqual([['two', 'three'], true]);
    const rest = await page('afterSeq=3&limit=2');
    expect([rest.messages.map((m) => m.message.payload), rest.hasMore]).toEqual([['four', 'five'], false]);
    const none = await page('afterSeq=5');
    expect([none.messages, none.hasMore]).toEqual([[], false]);
    // Without afterSeq: the newest page, and hasMore means older ones.
    const newest = await page('limit=2');
    expect([newest.messages.map((m) => m.message.payload), newest.hasMore]).toEqual([['four', 'five'], true]);
  });

  it('refuses links that are not http(s), bad button types and unknown conversations', async () => {
    const guest = await newGuest(t);
    await sendText(t, guest, 'hi');
    const { conversationId } = await conversationOf(guest);
    const evil = { message_type: 'buttons', payload: 'Click', payloads: [{ type: 'web', title: 'Prize', payload: 'javascript:alert(1)' }] };
    expectError(await agent('POST', at(CHAT_AGENT_ROUTES.reply, conversationId), { message: evil }), 400, 'KEY_INVALID');
    expectError(
      await agent('POST', at(CHAT_AGENT_ROUTES.reply, conversationId), { message: { message_type: 'text', payload: ' \u200b' } }),
      400,
      'CHAT_MESSAGE_BLANK',
    );
    const unknown = '01900000-0000-7000-8000-000000000000';
    expectError(
      await agent('POST', at(CHAT_AGENT_ROUTES.reply, unknown), { message: { message_type: 'text', payload: 'x' } }),
      404,
      'NO_DATA',
    );
    expectError(await agent('GET', at(CHAT_AGENT_ROUTES.conversation, unknown)), 404, 'NO_DATA');
  });

  it('marks read, assigns, closes and reopens; a customer writing to a closed conversation reopens it', async () => {
    const guest = await newGuest(t);
    await sendText(t, guest, 'a');
    await sendText(t, guest, 'b');
    const { conversationId } = await conversationOf(guest);
    expect((await agent('POST', at(CHAT_AGENT_ROUTES.read, conversationId), { seq: 99 })).json()).toEqual({ seq: 2 });
    expect((await conversationOf(guest)).unread).toBe(0);
    expect((await agent('POST', at(CHAT_AGENT_ROUTES.assign, conversationId), { agentId: 'agent-7' })).json()).toMatchObject({
      assignedAgentId: 'agent-7',
    });
    expect((await agent('POST', at(CHAT_AGENT_ROUTES.close, conversationId))).json()).toMatchObject({
      status: 'resolved',
      waitingSince: null,
    });
    expect((await agent('POST', at(CHAT_AGENT_ROUTES.reopen, conversationId))).json()).toMatchObject({ status: 'open' });
    await agent('POST', at(CHAT_AGENT_ROUTES.close, conversationId));
    await sendText(t, guest, 'one more thing');
    expect(await conversationOf(guest)).toMatchObject({ status: 'open', unread: 1 });
  });

  it('keeps canned replies in th, la and en as a setting', async () => {
    const defaults = (await agent('GET', at(CHAT_AGENT_ROUTES.canned))).json<TCannedReplies>();
    expect(defaults.replies.length).toBeGreaterThan(0);
    const mine: TCannedReplies = { replies: [{ id: 'wait', title: 'Wait', text: { th: 'รอสักครู่', la: 'ລໍຖ້າຈັກໜ້ອຍ', en: 'One moment' } }] };
    expect((await agent('PUT', at(CHAT_AGENT_ROUTES.canned), mine)).json()).toEqual(mine);
    expect((await agent('GET', at(CHAT_AGENT_ROUTES.canned))).json()).toEqual(mine);
    expectError(
      await agent('PUT', at(CHAT_AGENT_ROUTES.canned), { replies: [{ id: 'x', title: 'X', text: { th: 'a', en: 'b' } }] }),
      400,
      'KEY_MISSING',
    );
    expectError(await agent('PUT', at(CHAT_AGENT_ROUTES.canned), { replies: [mine.replies[0], mine.replies[0]] }), 400, 'KEY_INVALID');
  });

  it('uploads media into a conversation and replies with it; the customer can fetch it', async () => {
    const guest = await newGuest(t);
    await sendText(t, guest, 'show me');
    const { conversationId } = await conversationOf(guest);
    const body = multipart({ bytes: PNG.sync.write(new PNG({ width: 4, height: 4 })), filename: 'howto.png', type: 'image/png' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: at(CHAT_AGENT_ROUTES.uploadImage, conversationId),
      headers: { 'x-test-agent': 'agent-7', 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { path } = uploaded.json<TChatUploadResponse>();
    const media = { message_type: 'media', payloads: [{ url: path, filePath: path, fileType: 'image', message: 'Here' }] };
    expect((await agent('POST', at(CHAT_AGENT_ROUTES.reply, conversationId), { message: media })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).headers['content-type']).toBe('image/png');
  });
});
