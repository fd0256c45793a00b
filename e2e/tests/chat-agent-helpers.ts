import { io, type Socket } from 'socket.io-client';
import { expect } from '@playwright/test';

/** A 48 x 48 PNG a member uploads in the chat test. */
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAAAoklEQVR4AdXBQQ2AABAEsZLc+FfLG3Rs+7x8QgghhBBCCCGEEEIIIYQQQgghhBBCCCGEEEIIIYQ4suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLjiw7suzIsiPLfrn7BIj2JPNcAAAAAElFTkSuQmCC',
  'base64',
);

type Entry = { seq: number; sender: string; message: { message_type: string; payload?: string; payloads?: { url?: string }[] } };
type Ack<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * The support agent in the chat browser test: a socket on the agents' namespace,
 * admitted by the test server's test-only authenticator (there is no console yet).
 */
export async function connectAgent(baseURL: string, key: string, agentId = 'agent-e2e') {
  const socket: Socket = io(`${baseURL}/chat-agent`, {
    auth: { key, agentId },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const messages: { conversationId: string; entry: Entry }[] = [];
  const reads: { conversationId: string; seq: number }[] = [];
  socket.on('messaging', (event: { conversationId: string; entry: Entry }) => messages.push(event));
  socket.on('read', (event: { conversationId: string; seq: number }) => reads.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = async <T>(event: string, payload: unknown): Promise<T> => {
    const answer = (await socket.timeout(10_000).emitWithAck(event, payload)) as Ack<T>;
    if (!answer.ok) throw new Error(`agent ${event} refused: ${answer.message}`);
    return answer.data;
  };
  return {
    /** The first customer message matching, waiting for it to arrive. */
    async received(match: (entry: Entry) => boolean): Promise<{ conversationId: string; entry: Entry }> {
      await expect.poll(() => messages.some((m) => m.entry.sender === 'customer' && match(m.entry)), { timeout: 15_000 }).toBe(true);
      const found = messages.find((m) => m.entry.sender === 'customer' && match(m.entry));
      if (!found) throw new Error('unreachable');
      return found;
    },
    async customerRead(conversationId: string, seq: number): Promise<void> {
      await expect.poll(() => reads.some((r) => r.conversationId === conversationId && r.seq >= seq), { timeout: 15_000 }).toBe(true);
    },
    reply: (conversationId: string, message: unknown) => ack<Entry>('reply', { conversationId, message }),
    read: (conversationId: string, seq: number) => ack<{ seq: number }>('read', { conversationId, seq }),
    typing: (conversationId: string) => socket.emit('typing', { conversationId, typing: true }),
    close: () => socket.disconnect(),
  };
}
