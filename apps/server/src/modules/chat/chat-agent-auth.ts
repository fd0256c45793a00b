import type { IncomingHttpHeaders } from 'node:http';

/**
 * A support agent as the back office knows them. `sessionId` names the session
 * that admitted them, when there is one: the socket is closed when it ends
 * (docs/chat.md, "Sessions end everywhere").
 */
export type ChatAgent = { agentId: string; name: string; sessionId?: string };

/** What an agent's socket handshake carries (socket.io's handshake, narrowed to what an authenticator may read). */
export type AgentHandshake = { headers: IncomingHttpHeaders; auth: Record<string, unknown>; address: string };

/**
 * The port through which the back office proves who an agent is (its session,
 * its `support` role). The chat never decides this itself: it is handed an
 * authenticator by whoever builds the app (docs/chat.md, "Agents").
 */
export type AgentAuthenticator = (handshake: AgentHandshake) => Promise<ChatAgent | null>;

/**
 * Of these session ids (each a ChatAgent's `sessionId`), the ones whose agent
 * may still chat: the session live and its operator still allowed. Read on
 * every check of an agent's socket, so it must not count as the operator's activity.
 */
export type AgentSessionCheck = (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;
