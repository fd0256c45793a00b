/**
 * Chat load: 1,000 guest sockets connected to one node; an agent replies to
 * their conversations with a fixed number of replies in flight, and each guest
 * socket times its delivery. The baseline in the same run: a bare socket.io
 * server relaying to the same 1,000 rooms (no database, no checks). Printed:
 * messages delivered per second and p50 / p99 delivery latency of both.
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { saveResult, startChild, stopChild } from './lib.ts';

const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS ?? 1_000);
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES ?? 3_000);
const IN_FLIGHT = 32;

type Figures = { sockets: number; delivered: number; perSecond: number; p50Ms: number; p99Ms: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function connect(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sends `MESSAGES` through `send` with IN_FLIGHT outstanding, while the receivers time each delivery. */
async function drive(send: (i: number, stamp: string) => Promise<void>, latencies: number[], sockets: number): Promise<Figures> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < MESSAGES) {
      const i = next++;
      await send(i, `t=${performance.now()}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const deadline = Date.now() + 10_000;
  while (latencies.length < MESSAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sockets,
    delivered: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: +percentile(sorted, 50).toFixed(1),
    p99Ms: +percentile(sorted, 99).toFixed(1),
  };
}

const timer = (latencies: number[]) => (event: { message?: { payload?: string } }) => {
  const match = /^t=([\d.]+)$/.exec(event.message?.payload ?? '');
  if (match?.[1]) latencies.push(performance.now() - Number(match[1]));
};

async function benchApp(port: number, agentKey: string): Promise<Figures> {
  const base = `http://127.0.0.1:${port}`;
  const guests: { socket: Socket; guestId: string; token: string }[] = [];
  const latencies: number[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const config = (await (await fetch(`${base}/api/chat/config`)).json()) as { guest: { guestId: string; token: string } };
    const socket = await connect(base, { guestToken: config.guest.token });
    await socket.timeout(10_000).emitWithAck('join', { room: `jetton-chat-${config.guest.guestId}`, afterSeq: 0 });
    socket.on('messaging', timer(latencies));
    guests.push({ socket, ...config.guest });
  }
  const agent = await connect(`${base}/chat-agent`, { key: agentKey });
  const conversations: string[] = [];
  agent.on('messaging', (event: { conversationId: string; entry: { sender: string } }) => {
    if (event.entry.sender === 'customer') conversations.push(event.conversationId);
  });
  // Each guest opens its conversation with one message (over HTTP, as the widget does).
  for (const g of guests) {
    await fetch(`${base}/api/chat/send-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-chat-guest': g.token },
      body: JSON.stringify({ guestId: g.guestId, message: { message_type: 'text', payload: 'hello' } }),
    });
  }
  while (conversations.length < SOCKETS) await new Promise((r) => setTimeout(r, 20));
  latencies.length = 0;
  const figures = await drive(
    async (i, stamp) => {
      await agent.timeout(30_000).emitWithAck('reply', {
        conversationId: conversations[i % conversations.length],
        message: { message_type: 'text', payload: stamp },
      });
    },
    latencies,
    guests.length,
  );
  agent.disconnect();
  for (const g of guests) g.socket.disconnect();
  return figures;
}

async function benchBare(port: number): Promise<Figures> {
  const base = `http://127.0.0.1:${port}`;
  const rooms: string[] = [];
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const socket = await connect(base, {});
    const room = `room-${i}`;
    await socket.timeout(10_000).emitWithAck('join', room);
    socket.on('messaging', timer(latencies));
    rooms.push(room);
    sockets.push(socket);
  }
  const driver = await connect(base, {});
  const figures = await drive(
    async (i, stamp) => {
      await driver.timeout(30_000).emitWithAck('relay', { room: rooms[i % rooms.length], payload: stamp });
    },
    latencies,
    sockets.length,
  );
  driver.disconnect();
  for (const s of sockets) s.disconnect();
  return figures;
}

export async function runChatBench(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const engines: [string, NodeJS.ProcessEnv][] = [['embedded', { BENCH_DATABASE_URL: '' }]];
  if (pgUrl) engines.push(['PostgreSQL', { BENCH_DATABASE_URL: pgUrl }]);
  process.stdout.write(`\nChat delivery, ${SOCKETS} connected sockets on one node, ${MESSAGES} messages, ${IN_FLIGHT} in flight\n`);
  process.stdout.write('| engine | scenario | sockets | delivered | msg/s | p50 | p99 |\n|---|---|---|---|---|---|---|\n');
  const results: Record<string, { baseline: Figures; chat: Figures }> = {};
  for (const [name, env] of engines) {
    const agentKey = randomBytes(16).toString('hex');
    const { child, ports } = await startChild('chat-servers.ts', { ...env, BENCH_AGENT_KEY: agentKey, LOG_LEVEL: 'warn' });
    try {
      const [appPort, barePort] = ports as [number, number];
      const baseline = await benchBare(barePort);
      const chat = await benchApp(appPort, agentKey);
      for (const [scenario, f] of [
        ['bare socket.io relay (baseline)', baseline],
        ['chat: agent reply stored, then delivered', chat],
      ] as const) {
        process.stdout.write(
          `| ${name} | ${scenario} | ${f.sockets} | ${f.delivered} | ${f.perSecond} | ${f.p50Ms} ms | ${f.p99Ms} ms |\n`,
        );
      }
      results[name] = { baseline, chat };
    } finally {
      await stopChild(child);
    }
  }
  saveResult('chat-sockets', results);
}
