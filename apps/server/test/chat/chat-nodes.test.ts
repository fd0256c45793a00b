import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import type { TChatEntry } from '@jetton/contract/chat';
import { ROUTES } from '@jetton/contract/routes';
import { buildApp } from '../../src/app.ts';
import {
  agentSocket,
  collect,
  connected,
  customerSocket,
  nextEvent,
  type AgentSocket,
  type Caller,
  type CustomerSocket,
} from '../support/chat-support.ts';
import { testAgentAuthenticator } from '../support/chat-test-agent.ts';
import { adminQuery, databaseUrl } from '../support/global-setup.ts';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

/**
 * The chat across nodes: events reach a socket on another node through the
 * Redis streams adapter, and keep flowing after Redis restarts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;
const REDIS_SERVER = '/usr/bin/redis-server';
const DEMO = { username: '0812345678', password: 'demo1234' };

type Ack<T> = { ok: true; data: T } | { ok: false; message: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts a child process and resolves once it prints `ready` (rejects if it exits first). */
function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const line = chunk
        .toString()
        .split('\n')
        .find((l) => ready.test(l));
      if (line) resolve({ child, line });
    });
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready: ${err.slice(-2000)}`)));
  });
}

function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function json<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/** The demo member logged in on a node, as a chat caller. */
async function demoMember(base: string): Promise<Caller & { kind: 'member' }> {
  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const { token } = await json<{ token: string }>(await post(ROUTES.account.login, DEMO));
  const profile = await json<{ _id: string }>(
    await fetch(`${base}${ROUTES.account.profile}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return { kind: 'member', token, userId: profile._id };
}

async function memberSocket(base: string, member: Caller & { kind: 'member' }): Promise<CustomerSocket> {
  const socket = customerSocket(base, member);
  await connected(socket);
  const joined = (await socket.timeout(5_000).emitWithAck('join', { room: `jetton-chat-${member.userId}`, afterSeq: 0 })) as Ack<unknown>;
  expect(joined.ok).toBe(true);
  return socket;
}

function sendAsMember(base: string, member: Caller & { kind: 'member' }, payload: string): Promise<Response> {
  return fetch(`${base}${ROUTES.chat.sendMessage}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify({ userId: member.userId, message: { message_type: 'text', payload } }),
  });
}

/** A member on node A and an agent on node B talk: each hears the other only through Redis. */
async function converse(
  a: string,
  b: string,
  agentKey: string,
  label: string,
): Promise<{ member: CustomerSocket; agent: AgentSocket; conversationId: string; who: Caller & { kind: 'member' } }> {
  const who = await demoMember(a);
  const member = await memberSocket(a, who);
  const agent = agentSocket(b, { key: agentKey, agentId: 'agent-b' });
  await connected(agent);
  const heardByAgent = nextEvent<{ conversationId: string; entry: TChatEntry }>(agent, 'messaging', 10_000);
  await json(await sendAsMember(a, who, `${label}: hello from node A`));
  const { conversationId, entry } = await heardByAgent;
  expect(entry.message.payload).toBe(`${label}: hello from node A`);

  const heardByMember = nextEvent<TChatEntry>(member, 'messaging', 10_000);
  const reply = (await agent.timeout(10_000).emitWithAck('reply', {
    conversationId,
    message: { message_type: 'text', payload: `${label}: hello from node B` },
  })) as Ack<TChatEntry>;
  expect(reply.ok).toBe(true);
  expect((await heardByMember).message.payload).toBe(`${label}: hello from node B`);

  const readByMember = nextEvent<{ seq: number }>(member, 'read', 10_000);
  await agent.timeout(10_000).emitWithAck('read', { conversationId, seq: entry.seq + 1 });
  expect((await readByMember).seq).toBeGreaterThan(entry.seq);
  return { member, agent, conversationId, who };
}

describe.skipIf(!redisUrl || !postgresUrl)(
  `two server processes sharing Redis and PostgreSQL${redisUrl && postgresUrl ? '' : ' (skipped: needs TEST_REDIS_URL and TEST_DATABASE_URL)'}`,
  () => {
    const nodes: ChildProcess[] = [];
    let dbName = '';
    let dataDir = '';
    const agentKey = randomBytes(16).toString('hex');
    const bases: string[] = [];
    let s3: S3TestServer | undefined;

    beforeAll(async () => {
      const url = postgresUrl ?? '';
      const template = inject('postgresTemplate');
      if (!template) throw new Error('no PostgreSQL template');
      dbName = `${template.replace('jetton_tpl_', 'jetton_t_')}_${randomUUID().slice(0, 8)}`;
      await adminQuery(url, `CREATE DATABASE ${dbName} TEMPLATE ${template}`);
      dataDir = await mkdtemp(path.join(tmpdir(), 'jetton-chat-nodes-'));
      const config = testConfig();
      // Two nodes share their uploads (docs/operations.md, "Uploads"): they refuse to start on local disk.
      s3 = await startS3TestServer({ dir: path.join(dataDir, 's3') });
      const uploads = s3.env(await s3.bucket());
      for (const name of ['a', 'b']) {
        const env = {
          ...process.env,
          PORT: '0',
          DATABASE_URL: databaseUrl(url, dbName),
          REDIS_URL: redisUrl,
          ...uploads,
          DATA_DIR: path.join(dataDir, name),
          TOKEN_SECRET: config.secrets.tokenSecret,
          TRUELINK_SECRET: config.secrets.truelinkSecret,
          TEST_AGENT_KEY: agentKey,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
        };
        const { child, line } = await startProcess(
          process.execPath,
          [path.join(here, '../support/chat-node-process.ts')],
          env,
          /listening on \d+/,
        );
        nodes.push(child);
        bases.push(`http://127.0.0.1:${/listening on (\d+)/.exec(line)?.[1]}`);
      }
    }, 90_000);

    afterAll(async () => {
      await Promise.all(nodes.map((n) => stop(n)));
      await s3?.close();
      if (dbName) await adminQuery(postgresUrl ?? '', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('a member on node A and an agent on node B hold one conversation: messages and read marks cross', async () => {
      const [a, b] = bases as [string, string];
      const { member, agent } = await converse(a, b, agentKey, 'processes');
      member.disconnect();
      agent.disconnect();
    }, 60_000);
  },
);

describe.skipIf(!existsSync(REDIS_SERVER))(
  `realtime across a Redis restart${existsSync(REDIS_SERVER) ? '' : ' (skipped: no redis-server)'}`,
  () => {
    let redis: ChildProcess | undefined;
    let redisPort = 0;
    let a: TestApp;
    let b: Awaited<ReturnType<typeof buildApp>>;
    const agents = testAgentAuthenticator();
    const startRedis = async () => {
      // A private Redis for this test alone: the shared one is never restarted.
      ({ child: redis } = await startProcess(
        REDIS_SERVER,
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        process.env,
        /Ready to accept connections/,
      ));
    };

    beforeAll(async () => {
      redisPort = await freePort();
      await startRedis();
      const url = `redis://127.0.0.1:${redisPort}`;
      a = await startTestApp('embedded', { redisUrl: url }, { authenticateChatAgent: agents.authenticate });
      b = await buildApp({
        config: testConfig({ redisUrl: url }),
        db: a.database.db,
        engine: a.database.engine,
        clock: a.clock,
        logger: false,
        startJobs: false,
        authenticateChatAgent: agents.authenticate,
      });
      await b.listen({ host: '127.0.0.1', port: 0 });
    }, 60_000);

    afterAll(async () => {
      await b.close();
      await a.close();
      await stop(redis, 'SIGKILL');
    });

    it('while Redis is down delivers on the same node at once; when it is back, tells every client to backfill, and nothing is missed or held twice', async () => {
      const baseA = `http://127.0.0.1:${(a.app.server.address() as { port: number }).port}`;
      const baseB = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
      const { member, agent, conversationId, who } = await converse(baseA, baseB, agents.key, 'before');
      // A second agent, on the member's node.
      const agentA = agentSocket(baseA, { key: agents.key, agentId: 'agent-a' });
      await connected(agentA);

      // The member's widget: what it holds by seq, from live events and from the backfill a resync asks for.
      const held = new Map<number, string>();
      let resyncs = 0;
      const backfill = async () => {
        let after = 0;
        while (held.has(after + 1)) after++;
        const res = await fetch(`${baseA}${ROUTES.chat.history}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
          body: JSON.stringify({ userId: who.userId, limit: 100, afterSeq: after }),
        });
        for (const entry of (await json<{ conversations: TChatEntry[] }>(res)).conversations)
          held.set(entry.seq, entry.message.payload ?? '');
      };
      await backfill();
      member.on('messaging', (entry: TChatEntry) => held.set(entry.seq, entry.message.payload ?? ''));
      member.on('resync', () => {
        resyncs++;
        void backfill();
      });
      const agentBResynced = nextEvent<unknown>(agent, 'resync', 30_000);
      const agentBHeard = collect<{ entry: TChatEntry }>(agent, 'messaging');

      await stop(redis, 'SIGKILL');
      const health = async (base: string) => (await fetch(`${base}${ROUTES.health}`)).json();
      await vi.waitFor(
        async () => {
          expect(await health(baseA)).toMatchObject({ status: 'degraded' });
          expect(await health(baseB)).toMatchObject({ status: 'degraded' });
        },
        { timeout: 20_000, interval: 100 },
      );

      // Same node (A): the member's message reaches their own socket and agent A at once, Redis or not.
      const echo = nextEvent<TChatEntry>(member, 'messaging', 10_000);
      const toAgentA = nextEvent<{ entry: TChatEntry }>(agentA, 'messaging', 10_000);
      await json(await sendAsMember(baseA, who, 'during: from the member on node A'));
      expect((await echo).message.payload).toBe('during: from the member on node A');
      expect((await toAgentA).entry.message.payload).toBe('during: from the member on node A');
      // Agent B answers from the other node: stored, delivered to node B's sockets only for now.
      const reply = (await agent
        .timeout(10_000)
        .emitWithAck('reply', { conversationId, message: { message_type: 'text', payload: 'during: from agent B' } })) as Ack<TChatEntry>;
      expect(reply.ok).toBe(true);
      const replySeq = reply.ok ? reply.data.seq : 0;
      expect(agentBHeard.map((e) => e.entry.message.payload)).not.toContain('during: from the member on node A');

      await startRedis();
      // Back: both nodes tell every client to backfill from its last seq.
      await agentBResynced;
      await vi.waitFor(() => expect(held.get(replySeq)).toBe('during: from agent B'), { timeout: 30_000, interval: 100 });
      expect(resyncs).toBeGreaterThan(0);
      const missed = await b.services.chatAgents.open(conversationId, { limit: 100, afterSeq: 0 });
      expect(missed.messages.map((m) => m.message.payload)).toContain('during: from the member on node A');

      // And across nodes live again.
      const after = nextEvent<TChatEntry>(member, 'messaging', 10_000);
      await agent.timeout(10_000).emitWithAck('reply', { conversationId, message: { message_type: 'text', payload: 'after the restart' } });
      expect((await after).message.payload).toBe('after the restart');
      // The member holds every message once, seqs 1..n with no gap.
      const seqs = [...held.keys()].sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      member.disconnect();
      agent.disconnect();
      agentA.disconnect();
    }, 90_000);
  },
);
