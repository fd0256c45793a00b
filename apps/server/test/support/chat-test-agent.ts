import { randomBytes } from 'node:crypto';
import type { AgentAuthenticator } from '../../src/modules/chat/chat-agent-auth.ts';

/**
 * Agents for tests only: a socket whose handshake carries this run's random key
 * is the agent it names. The shipped server never has it (app.ts defaults to refusing every agent).
 */
export function testAgentAuthenticator(key = randomBytes(16).toString('hex')): { key: string; authenticate: AgentAuthenticator } {
  return {
    key,
    authenticate: (handshake) =>
      Promise.resolve(
        handshake.auth.key === key && typeof handshake.auth.agentId === 'string'
          ? { agentId: handshake.auth.agentId, name: `Agent ${handshake.auth.agentId}` }
          : null,
      ),
  };
}
