import type { FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { CHAT_AGENT_NAMESPACE } from '@jetton/contract/chat-agent';
import type { SessionEnd, SessionEnds } from '../auth/session-ends.ts';
import type { AgentSessionCheck, ChatAgent } from './chat-agent-auth.ts';
import type { ChatIdentity } from './chat-identity.ts';

/**
 * How often each node re-reads the sessions behind its sockets, and how long a
 * socket event may trust the last read: the longest a socket keeps any power
 * after its session ended when the news of the end did not reach its node.
 */
export const SESSION_CHECK_MS = 1_000;
/** Session ids per read, well under any engine's limit on parameters. */
const READ_CHUNK = 500;

type SessionCheck = (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;
type Kind = 'member' | 'agent';
type Watched = { socket: Socket; kind: Kind; sessionId: string; checkedAt: number; checking: Promise<boolean> | undefined };

export type SessionSocketsDeps = {
  io: Server;
  ends: SessionEnds;
  /** Of these member sessions, the live ones. */
  memberSessions: SessionCheck;
  /** Of these agent sessions, those whose agent may still chat. */
  agentSessions: AgentSessionCheck;
  /** The sweep's period: SESSION_CHECK_MS unless a test slows it down to see the other paths alone at work. */
  sweepEveryMs?: number;
  now?: () => number;
};

const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const memberRoom = (memberId: string) => `member:${memberId}`;
const operatorRoom = (operatorId: string) => `operator:${operatorId}`;
const OWN_ROOM = /^(session|member|operator):/;

/** The session behind a socket, as the handshake middlewares of chat-realtime.ts proved it; guests have none. */
function sessionOf(socket: Socket, kind: Kind): { sessionId: string; rooms: string[] } | null {
  if (kind === 'agent') {
    const agent = (socket.data as { agent?: ChatAgent } | undefined)?.agent;
    return agent?.sessionId ? { sessionId: agent.sessionId, rooms: [sessionRoom(agent.sessionId), operatorRoom(agent.agentId)] } : null;
  }
  const identity = (socket.data as { identity?: ChatIdentity } | undefined)?.identity;
  if (identity?.kind !== 'member') return null;
  return { sessionId: identity.sessionId, rooms: [sessionRoom(identity.sessionId), memberRoom(identity.memberId)] };
}

/**
 * Sessions end everywhere at once (docs/chat.md, "Sessions end everywhere"):
 * every member and agent socket joins its session's room and its owner's, so
 * an ended session's sockets are found on any node and closed there, through
 * the adapter; each event a socket sends, and a sweep of each node's sockets
 * every SESSION_CHECK_MS, read the session again, so a socket whose end was
 * never heard (Redis down, an idle timeout, a role taken away) keeps no power
 * longer than that.
 */
export function watchSessionSockets(app: FastifyInstance, deps: SessionSocketsDeps): void {
  const log = app.log;
  const now = deps.now ?? Date.now;
  const sweepEveryMs = deps.sweepEveryMs ?? SESSION_CHECK_MS;
  const members = deps.io.of('/');
  const agents = deps.io.of(CHAT_AGENT_NAMESPACE);
  const watched = new Set<Watched>();
  const checkOf = (kind: Kind): SessionCheck => (kind === 'member' ? deps.memberSessions : deps.agentSessions);

  function close(w: Watched, why: string): void {
    watched.delete(w);
    log.info({ kind: w.kind, sessionId: w.sessionId, why }, 'chat socket closed: its session ended');
    w.socket.disconnect(true);
  }

  /** The socket's session still live: from the last read while fresh, else read again (one read shared by concurrent events). */
  function allowed(w: Watched): Promise<boolean> {
    if (!watched.has(w)) return Promise.resolve(false);
    if (now() - w.checkedAt < SESSION_CHECK_MS) return Promise.resolve(true);
    w.checking ??= checkOf(w.kind)([w.sessionId])
      .then((live) => {
        if (!live.has(w.sessionId)) return false;
        w.checkedAt = now();
        return true;
      })
      .finally(() => (w.checking = undefined));
    return w.checking;
  }

  function watch(kind: Kind, socket: Socket): void {
    const session = sessionOf(socket, kind);
    // A socket recovered after a short drop comes back with its old rooms: keep only those of the session proven now.
    for (const room of [...socket.rooms]) if (OWN_ROOM.test(room) && !session?.rooms.includes(room)) void socket.leave(room);
    if (!session) return;
    void socket.join(session.rooms);
    // The handshake has just read the session.
    const w: Watched = { socket, kind, sessionId: session.sessionId, checkedAt: now(), checking: undefined };
    watched.add(w);
    socket.on('disconnect', () => watched.delete(w));
    // Every event, before its handler: an ended session's event is refused and its socket closed.
    socket.use((packet, next) => {
      const last: unknown = packet[packet.length - 1];
      const refuse = (message: string) => {
        if (typeof last === 'function') (last as (answer: { ok: false; message: string }) => void)({ ok: false, message });
      };
      allowed(w).then(
        (ok) => {
          if (ok) return next();
          refuse(kind === 'member' ? 'invalid-token' : 'UNAUTHORIZED');
          if (watched.has(w)) close(w, 'event');
          else socket.disconnect(true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'chat socket: session check failed');
          refuse('INTERNAL_SERVER_ERROR');
        },
      );
    });
  }

  members.on('connection', (socket: Socket) => watch('member', socket));
  agents.on('connection', (socket: Socket) => watch('agent', socket));

  /** Closes the sockets of what ended: this node's at once, then every node's through the adapter. */
  function end(ended: SessionEnd): void {
    const [nsp, room, except]: [Namespace, string, string | undefined] =
      ended.kind === 'member'
        ? [members, memberRoom(ended.memberId), undefined]
        : ended.kind === 'operator'
          ? [agents, operatorRoom(ended.operatorId), ended.exceptSessionId && sessionRoom(ended.exceptSessionId)]
          : [agents, sessionRoom(ended.sessionId), undefined];
    // The adapter publishes before it closes its own node's sockets, and waits for Redis while it is
    // down: this node's are closed first, so a Redis outage never delays them.
    const local = nsp.local.in(room);
    (except ? local.except(except) : local).disconnectSockets(true);
    const everywhere = nsp.in(room);
    (except ? everywhere.except(except) : everywhere).disconnectSockets(true);
  }
  deps.ends.subscribe((ended) => {
    try {
      end(ended);
    } catch (error) {
      log.error({ err: error, ended }, 'chat: closing the sockets of an ended session failed');
    }
  });

  /** One read per kind (in chunks) for every watched socket of this node; a failed read closes nothing. */
  async function sweep(): Promise<void> {
    for (const kind of ['member', 'agent'] as const) {
      const mine = [...watched].filter((w) => w.kind === kind);
      const ids = [...new Set(mine.map((w) => w.sessionId))];
      const live = new Set<string>();
      const readAt = now();
      for (let i = 0; i < ids.length; i += READ_CHUNK) for (const id of await checkOf(kind)(ids.slice(i, i + READ_CHUNK))) live.add(id);
      for (const w of mine) {
        if (live.has(w.sessionId)) w.checkedAt = Math.max(w.checkedAt, readAt);
        else if (watched.has(w)) close(w, 'sweep');
      }
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let closing = false;
  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      const work = watched.size > 0 ? sweep() : Promise.resolve();
      work.catch((error: unknown) => log.warn({ err: error }, 'chat socket sweep failed')).finally(schedule);
    }, sweepEveryMs);
    timer.unref();
  };
  schedule();
  app.addHook('onClose', (_instance, done) => {
    closing = true;
    clearTimeout(timer);
    done();
  });
}
