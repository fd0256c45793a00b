import type { LightMyRequestResponse } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { CHAT_GUEST_HEADER, type TChatConfigResponse, type TChatMessage } from '@jetton/contract/chat';
import { CHAT_AGENT_NAMESPACE, type ChatAgentClientToServer, type ChatAgentServerToClient } from '@jetton/contract/chat-agent';
import type { ChatClientToServer, ChatServerToClient } from '@jetton/contract/chat-events';
import { ROUTES } from '@jetton/contract/routes';
import { createSelfUrl } from '../../src/adapters/self-url.ts';
import { createMember, login, nextIp } from './accounts-support.ts';
import { multipart } from './deposit-support.ts';
import type { TestApp } from './test-app.ts';

/** Helpers for the chat tests: callers with proven identities and sockets. */

export type Caller = { kind: 'member'; token: string; userId: string } | { kind: 'guest'; token: string; guestId: string };

export function headersOf(caller: Caller | undefined, ip = nextIp()): Record<string, string> {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (caller?.kind === 'member') headers.authorization = `Bearer ${caller.token}`;
  if (caller?.kind === 'guest') headers[CHAT_GUEST_HEADER] = caller.token;
  return headers;
}

export function claimOf(caller: Caller): { userId: string | null; guestId: string | null } {
  return caller.kind === 'member' ? { userId: caller.userId, guestId: null } : { userId: null, guestId: caller.guestId };
}

export async function newGuest(t: TestApp): Promise<Caller & { kind: 'guest' }> {
  const res = await t.app.inject({ method: 'GET', url: ROUTES.chat.config, headers: { 'x-forwarded-for': nextIp() } });
  expect(res.statusCode, res.body).toBe(200);
  const { guest } = res.json<TChatConfigResponse>();
  if (!guest) throw new Error('no guest issued');
  return { kind: 'guest', token: guest.token, guestId: guest.guestId };
}

export async function newMember(t: TestApp): Promise<Caller & { kind: 'member' }> {
  const m = await createMember(t);
  return { kind: 'member', token: await login(t, m.phone, m.password), userId: m.id };
}

export const text = (payload: string): TChatMessage => ({ message_type: 'text', payload });

export function chatCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  caller: Caller | undefined,
  body?: unknown,
  ip?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: headersOf(caller, ip), ...(body === undefined ? {} : { payload: body as object }) });
}

export function sendText(
  t: TestApp,
  caller: Caller,
  payload: string,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return chatCall(t, 'POST', ROUTES.chat.sendMessage, caller, { ...claimOf(caller), message: text(payload), ...extra });
}

export function upload(
  t: TestApp,
  caller: Caller | undefined,
  kind: 'image' | 'video',
  file: { bytes: Buffer; filename: string; type: string },
  ip?: string,
) {
  const body = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: kind === 'image' ? ROUTES.chat.uploadImage : ROUTES.chat.uploadVideo,
    headers: { ...headersOf(caller, ip), 'content-type': body.contentType },
    payload: body.payload,
  });
}

export const baseUrl = (t: TestApp): string => createSelfUrl(t.app, undefined)();

export type CustomerSocket = Socket<ChatServerToClient, ChatClientToServer>;
export type AgentSocket = Socket<ChatAgentServerToClient, ChatAgentClientToServer>;

export function customerSocket(url: string, caller: Caller | { raw: Record<string, unknown> }): CustomerSocket {
  const auth = 'raw' in caller ? caller.raw : caller.kind === 'member' ? { token: caller.token } : { guestToken: caller.token };
  return io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
}

export function agentSocket(url: string, auth: Record<string, unknown>, options: { reconnection?: boolean } = {}): AgentSocket {
  return io(`${url}${CHAT_AGENT_NAMESPACE}`, {
    auth,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    forceNew: true,
  });
}

/** Resolves on connect, rejects with the server's refusal code. */
export function connected(socket: { on: Socket['on']; connected: boolean }): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', (error: Error) => reject(error));
  });
}

/** The next event of that name (with a timeout so a missing delivery fails the test instead of hanging it). */
export function nextEvent<T>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every event of that name from now on. */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}
