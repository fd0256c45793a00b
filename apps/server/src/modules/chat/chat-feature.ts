import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Server } from 'socket.io';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { RedisLink } from '../../redis/redis-link.ts';
import { createSharedCounter } from '../../redis/shared-counter.ts';
import type { MemberRepository } from '../account/member-repository.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { createSigner } from '../auth/signer.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { createCannedReplies } from './canned-replies.ts';
import type { SessionEnds } from '../auth/session-ends.ts';
import type { AgentAuthenticator, AgentSessionCheck } from './chat-agent-auth.ts';
import { createChatAgentService, type ChatAgentService } from './chat-agent-service.ts';
import { createChatIdentity } from './chat-identity.ts';
import { createChatLimits } from './chat-limits.ts';
import { createChatMedia } from './chat-media.ts';
import { attachChatRealtime } from './chat-realtime.ts';
import { silentRelay, type ChatRelay } from './chat-relay.ts';
import { createChatRepository } from './chat-repository.ts';
import { registerChatRoutes } from './chat-routes.ts';
import { createChatRules } from './chat-rules.ts';
import { createChatService } from './chat-service.ts';
import { watchSessionSockets } from './session-sockets.ts';

type Deps = {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  settings: SettingsRepository;
  auth: AuthService;
  members: MemberRepository;
  authenticateAgent: AgentAuthenticator;
  /** Where chat media live: the uploads' chat area (docs/operations.md, "Uploads"). */
  storage: ObjectStorage;
  /** The node's Redis link (REDIS_URL): the chat's relay between nodes and its shared limits. */
  redis: RedisLink | undefined;
  /** Of the sessions that admitted agents, those still allowed to chat (re-read while their sockets are open). */
  agentSessions: AgentSessionCheck;
  /** Sessions that end: their sockets close on every node. */
  sessionEnds: SessionEnds;
  /** How often each node sweeps its sockets' sessions (default SESSION_CHECK_MS). */
  sessionSweepMs?: number | undefined;
};

/** Wires the support chat (docs/chat.md): HTTP calls, media, socket.io and the agents' service. Needs the accounts feature. */
export async function registerChatFeature(
  app: FastifyInstance,
  deps: Deps,
): Promise<{
  /** The back office mounts chatAgentRoutes() over it. */ chatAgents: ChatAgentService;
  /** Tests and the bench read it. */ chatIo: Server;
}> {
  const { config, db, clock } = deps;
  const repo = createChatRepository(db);
  const rules = createChatRules({
    settings: deps.settings,
    clock,
    onInvalid: (issues) => app.log.error({ issues }, 'rules.chat setting malformed: using defaults'),
  });
  const limits = createChatLimits({ rules, shared: createSharedCounter(deps.redis, 'jetton-chat-rl-') });
  const identity = createChatIdentity({ auth: deps.auth, members: deps.members, signer: createSigner(config.secrets.tokenSecret) });
  const media = createChatMedia({ repo, storage: deps.storage, clock });
  // The relay exists once socket.io is attached below; the services ask for it when they publish.
  let relay: ChatRelay = silentRelay;
  const chat = createChatService({ repo, relay: () => relay, rules, clock });
  const agents = createChatAgentService({ repo, media, canned: createCannedReplies(deps.settings), relay: () => relay, clock });

  await registerChatRoutes(app, { chat, identity, media, rules, limits, lookups: deps.lookups });
  const realtime = attachChatRealtime(app, {
    chat,
    agents,
    identity,
    limits,
    lookups: deps.lookups,
    authenticateAgent: deps.authenticateAgent,
    redis: deps.redis,
    trustProxy: config.trustProxy,
  });
  relay = realtime.relay;
  watchSessionSockets(app, {
    io: realtime.io,
    ends: deps.sessionEnds,
    memberSessions: (ids) => deps.auth.liveSessions(ids),
    agentSessions: deps.agentSessions,
    ...(deps.sessionSweepMs ? { sweepEveryMs: deps.sessionSweepMs } : {}),
  });
  return { chatAgents: agents, chatIo: realtime.io };
}
