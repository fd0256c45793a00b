import type { IncomingHttpHeaders } from 'node:http';

/** A support agent as the back office knows them. */
export type ChatAgent = { agentId: string; name: string };

/** What an agent's socket handshake carries (socket.io's handshake, narrowed to what an authenticator may read). */
export type AgentHandshake = { headers: IncomingHttpHeaders; auth: Record<string, unknown>; address: string };

/**
 * The port through which the back office proves who an agent is (its session,
 * its `support` role). The chat never decides this itself: it is handed an
 * authenticator by whoever builds the app (docs/chat.md, "Agents").
 */
export type AgentAuthenticator = (handshake: AgentHandshake) => Promise<ChatAgent | null>;

/** The shipped default until the back office provides its authenticator: no agent connects. */
export const refuseAllAgents: AgentAuthenticator = () => Promise.resolve(null);
