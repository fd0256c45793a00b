import type { FastifyInstance } from 'fastify';
import { hasPermission } from '@jetton/contract/admin/permissions';
import { ADMIN_CHAT_PREFIX } from '@jetton/contract/admin/routes';
import type { AgentAuthenticator, AgentSessionCheck } from '../chat/chat-agent-auth.ts';
import { chatAgentRoutes } from '../chat/chat-agent-routes.ts';
import type { ChatAgentService } from '../chat/chat-agent-service.ts';
import { ADMIN_COOKIE, operatorOf, requirePermission } from './admin-guard.ts';
import type { OperatorAuthService } from './operator-auth-service.ts';

/**
 * The support chat console (docs/operators.md, "Chat console"): the chat's
 * agent routes under /api/admin/chat behind `chat.reply`, and the socket
 * authenticator that admits an operator's session cookie with that permission.
 */
export async function registerAdminChat(app: FastifyInstance, agents: ChatAgentService): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', requirePermission('chat.reply'));
      await scope.register(
        chatAgentRoutes({
          agents,
          agentOf: (request) => {
            const op = operatorOf(request);
            return { agentId: op.operatorId, name: op.name };
          },
        }),
      );
    },
    { prefix: ADMIN_CHAT_PREFIX },
  );
}

/** Who an agents' socket is: the operator of its cookie, when they hold `chat.reply`. */
export function operatorChatAuthenticator(auth: OperatorAuthService): AgentAuthenticator {
  return async (handshake) => {
    const cookie = handshake.headers.cookie ?? '';
    const part = cookie.split(';').find((p) => p.trim().startsWith(`${ADMIN_COOKIE}=`));
    const token = part ? decodeURIComponent(part.trim().slice(ADMIN_COOKIE.length + 1)) : '';
    const op = token ? await auth.authenticate(token) : null;
    if (!op || op.mustChangePassword || !hasPermission(op.roles, 'chat.reply')) return null;
    return { agentId: op.operatorId, name: op.name, sessionId: op.sessionId };
  };
}

/**
 * The same rule as the authenticator, for sockets already open: of these sessions,
 * those still live (not ended, not idle, operator active) whose operator still holds
 * `chat.reply`. Reads without touching, so an open console never keeps a session alive.
 */
export function operatorChatSessions(auth: OperatorAuthService): AgentSessionCheck {
  return async (sessionIds) => {
    const live = await auth.liveSessions(sessionIds);
    return new Set(live.filter((s) => !s.mustChangePassword && hasPermission(s.roles, 'chat.reply')).map((s) => s.sessionId));
  };
}
