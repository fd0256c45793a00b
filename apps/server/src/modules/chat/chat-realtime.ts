import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import {
  CHAT_AGENT_NAMESPACE,
  ZChatAgentSocketRead,
  ZChatAgentSocketReply,
  ZChatAgentTyping,
  type ChatAgentClientToServer,
  type ChatAgentServerToClient,
} from '@jetton/contract/chat-agent';
import {
  ZChatHandshake,
  ZChatJoin,
  ZChatSocketSend,
  ZChatTyping,
  type ChatAck,
  type ChatClientToServer,
  type ChatServerToClient,
} from '@jetton/contract/chat-events';
import { AppError } from '../../http/app-error.ts';
import { refusalOf } from '../../http/validation.ts';
import type { RedisLink } from '../../redis/redis-link.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { AgentAuthenticator, ChatAgent } from './chat-agent-auth.ts';
import type { ChatAgentService } from './chat-agent-service.ts';
import type { ChatCredentials, ChatIdentity, ChatIdentityService } from './chat-identity.ts';
import type { ChatLimits } from './chat-limits.ts';
import { relayThroughRedis } from './chat-redis-relay.ts';
import type { ChatRelay } from './chat-relay.ts';
import type { ChatService } from './chat-service.ts';

type CustomerData = { credentials: ChatCredentials; identity: ChatIdentity; ip: string };
type AgentData = { agent: ChatAgent };
type CustomerSocket = Socket<ChatClientToServer, ChatServerToClient, Record<string, never>, CustomerData>;
type AgentSocket = Socket<ChatAgentClientToServer, ChatAgentServerToClient, Record<string, never>, AgentData>;

export type ChatRealtimeDeps = {
  chat: ChatService;
  agents: ChatAgentService;
  identity: ChatIdentityService;
  lookups: LookupService;
  authenticateAgent: AgentAuthenticator;
  limits: ChatLimits;
  /** The node's Redis link, when REDIS_URL is set: events reach sockets on every node. */
  redis: RedisLink | undefined;
  trustProxy: boolean | string;
  /** The Redis stream the nodes share (one per deployment). */
  streamName?: string;
};

const AGENTS_ROOM = 'agents';

/** The code an ack or a refused handshake carries: a catalogue code, or KEY_MISSING / KEY_INVALID for a bad payload. */
function codeOf(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof AppError) return error.code;
  log.error({ err: error }, 'chat socket handler failed');
  return 'INTERNAL_SERVER_ERROR';
}

/** A payload parsed with its contract schema, refused with the code an HTTP body would get. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw refusalOf(result.error.issues, value);
}

/** Runs a handler and answers its ack (when the client asked for one) with the data or the error code. */
function answer<T>(ack: unknown, log: FastifyBaseLogger, work: () => Promise<T>): void {
  const reply = typeof ack === 'function' ? (ack as ChatAck<T>) : () => undefined;
  work().then(
    (data) => reply({ ok: true, data }),
    (error: unknown) => reply({ ok: false, message: codeOf(error, log) }),
  );
}

/**
 * socket.io on the app's HTTP server (docs/chat.md, "Realtime"): the default
 * namespace for members and guests (proven at the handshake, one room each),
 * `/chat-agent` for agents (proven by the injected authenticator). With a
 * Redis URL the streams adapter carries events between nodes.
 */
export function attachChatRealtime(app: FastifyInstance, deps: ChatRealtimeDeps): { io: Server; relay: ChatRelay } {
  const log = app.log;
  const io = new Server<ChatClientToServer, ChatServerToClient, Record<string, never>, CustomerData>(app.server, {
    serveClient: false,
    // A short drop is replayed by socket.io itself; anything longer is backfilled from the database on 'join'.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    maxHttpBufferSize: 64 * 1024,
    // Heartbeats: a client whose connection broke silently (a dead node, a dropped route) notices within
    // 15 s, reconnects and backfills, instead of waiting on a socket nothing arrives on.
    pingInterval: 10_000,
    pingTimeout: 5_000,
  });
  const trust =
    deps.trustProxy === true
      ? () => true
      : deps.trustProxy === false
        ? () => false
        : proxyAddr.compile(deps.trustProxy.split(',').map((s) => s.trim()));
  const agentsNs = io.of(CHAT_AGENT_NAMESPACE) as unknown as Server<
    ChatAgentClientToServer,
    ChatAgentServerToClient,
    Record<string, never>,
    AgentData
  >['sockets'];

  const relay: ChatRelay = {
    toRoom: (room, event, ...args) => io.to(room).emit(event, ...args),
    toAgents: (event, ...args) => agentsNs.to(AGENTS_ROOM).emit(event, ...args),
  };

  if (deps.redis)
    relayThroughRedis(app, io, deps.redis, deps.streamName ?? 'jetton-chat', (everywhere) => {
      // Events relayed while Redis was unreachable reached this node's sockets only: clients backfill from their last seq.
      (everywhere ? io : io.local).emit('resync');
      (everywhere ? agentsNs : agentsNs.local).emit('resync');
    });

  io.use((socket, next) => {
    const ip = proxyAddr(socket.request, trust);
    void (async () => {
      await deps.limits.connection(ip);
      if ((await deps.lookups.get('active')).status === 'gone') throw new AppError('gone');
      const handshake = parse(ZChatHandshake, socket.handshake.auth);
      const credentials = 'token' in handshake ? { bearer: handshake.token } : { guestToken: handshake.guestToken };
      socket.data = { credentials, identity: await deps.identity.resolve(credentials), ip };
    })().then(
      () => next(),
      (error: unknown) => next(new Error(codeOf(error, log))),
    );
  });

  io.on('connection', (socket: CustomerSocket) => {
    socket.on('join', (payload, ack) =>
      answer(ack, log, async () => {
        const join = parse(ZChatJoin, payload);
        const data = await deps.chat.join(socket.data.identity, join.room, join.afterSeq);
        await socket.join(join.room);
        return data;
      }),
    );
    socket.on('messaging', (payload, ack) =>
      answer(ack, log, async () => {
        await deps.limits.messageOn(socket.id);
        await deps.limits.messageFrom(socket.data.ip);
        const message = parse(ZChatSocketSend, payload);
        // Proven again for each message: a member who logged out since the handshake cannot go on writing.
        const identity = await deps.identity.resolve(socket.data.credentials);
        await deps.limits.messageBy(identity);
        const entry = await deps.chat.send(identity, message);
        return { createdAt: entry.createdAt, id: entry.id, seq: entry.seq };
      }),
    );
    socket.on('typing', (payload) =>
      answer(undefined, log, async () => {
        const state = parse(ZChatTyping, payload);
        if (await deps.limits.typing(socket.data.identity)) await deps.chat.typing(socket.data.identity, state.typing);
      }),
    );
    socket.on('disconnect', () => deps.limits.forgetConnection(socket.id));
  });

  agentsNs.use((socket, next) => {
    const { headers, auth, address } = socket.handshake;
    deps.authenticateAgent({ headers, auth, address }).then(
      (agent) => {
        if (!agent) return next(new Error('UNAUTHORIZED'));
        socket.data = { agent };
        next();
      },
      (error: unknown) => next(new Error(codeOf(error, log))),
    );
  });

  agentsNs.on('connection', (socket: AgentSocket) => {
    void socket.join(AGENTS_ROOM);
    socket.on('reply', (payload, ack) =>
      answer(ack, log, async () => {
        const { conversationId, ...reply } = parse(ZChatAgentSocketReply, payload);
        return deps.agents.reply(socket.data.agent, conversationId, reply);
      }),
    );
    socket.on('read', (payload, ack) =>
      answer(ack, log, async () => {
        const read = parse(ZChatAgentSocketRead, payload);
        return deps.agents.read(read.conversationId, read.seq);
      }),
    );
    socket.on('typing', (payload) =>
      answer(undefined, log, async () => {
        const state = parse(ZChatAgentTyping, payload);
        if (await deps.limits.typing(socket.data.agent)) await deps.agents.typing(state.conversationId, state.typing);
      }),
    );
  });

  // Sockets are not HTTP connections Fastify tracks: end them first, so close() does not wait on them.
  // Their transports are closed, not the sockets disconnected: a client sees `transport close` and
  // reconnects by itself (through the balancer, to another node), where a server-side disconnect
  // would tell it to stay away (docs/chat.md, "Rolling restarts").
  app.addHook('preClose', (done) => {
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      // Closes the adapters (and their Redis links); the HTTP server is Fastify's to close.
      void Promise.all([io.of('/').adapter.close(), io.of(CHAT_AGENT_NAMESPACE).adapter.close()]).finally(resolve);
    });
  });
  return { io, relay };
}
