/**
 * Child process of the chat benchmark: the real app (embedded database, or
 * PostgreSQL with BENCH_DATABASE_URL; its
 * socket.io with an agent authenticator for the bench only) and, as the
 * baseline, a bare socket.io server that relays to a room with no database
 * or checks, on two ports.
 */
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Server } from 'socket.io';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateSandbox } from '../apps/server/src/sandbox/sandbox-migrations.ts';
import { seedDatabase } from '../apps/server/src/seed.ts';
import { CHAT_RULES_KEY } from '../apps/server/src/modules/chat/chat-rules.ts';
import { createSettingsRepository } from '../apps/server/src/modules/lookup/settings-repository.ts';

const agentKey = process.env.BENCH_AGENT_KEY ?? '';
const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-bench-chat-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const url = process.env.BENCH_DATABASE_URL;
const dbName = `jetton_bench_chat_${process.pid}`;
const admin = async (q: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(q).finally(() => client.end());
};
if (url) await admin(`CREATE DATABASE ${dbName}`);
const target = url ? new URL(url) : undefined;
if (target) target.pathname = `/${dbName}`;
const { db, engine } = await openDatabase(target ? { kind: 'postgres', url: target.toString(), poolSize: 20 } : { kind: 'embedded' });
await migrateToLatest(db);
await migrateSandbox(db);
await seedDatabase(db, { demoMember: false });
// Every bench socket comes from 127.0.0.1: lift the per-IP limits that would (rightly) stop 1,000 guests from one address.
const lots = { max: 1_000_000, windowMs: 60_000 };
await createSettingsRepository(db).set(CHAT_RULES_KEY, {
  connectionsPerIp: lots,
  messagesPerIp: lots,
  messagesPerSender: lots,
  messagesPerConnection: lots,
});
const app = await buildApp({
  config,
  db,
  engine,
  startJobs: false,
  logger: { level: 'warn', stream: { write: () => undefined } },
  authenticateChatAgent: (handshake) =>
    Promise.resolve(agentKey && handshake.auth.key === agentKey ? { agentId: 'bench', name: 'Bench' } : null),
});
await app.listen({ host: '127.0.0.1', port: 0 });

const bareHttp = createServer();
const bare = new Server(bareHttp, { serveClient: false });
bare.on('connection', (socket) => {
  socket.on('join', (room: string, ack: () => void) => {
    void socket.join(room);
    ack();
  });
  socket.on('relay', (event: { room: string; payload: string }, ack: () => void) => {
    bare.to(event.room).emit('messaging', { message: { message_type: 'text', payload: event.payload } });
    ack();
  });
});
await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));

const port = (server: { address: () => unknown }) => (server.address() as { port: number }).port;
process.stdout.write(`READY ${port(app.server)} ${port(bareHttp)}\n`);
process.on('SIGTERM', () => {
  void bare.close();
  void app
    .close()
    .then(() => db.destroy())
    .then(() => (url ? admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`) : undefined))
    .finally(() => process.exit(0));
});
