import type { FastifyInstance } from 'fastify';
import { ADMIN_CHAT_PREFIX } from '@jetton/contract/admin/routes';
import { operatorOf, requirePermission } from '../admin/admin-guard.ts';
import { chatAgentRoutes } from './chat-agent-routes.ts';
import type { ChatAgentService } from './chat-agent-service.ts';

/**
 * The support chat console (docs/operators.md, "Chat console"): the chat's
 * agent routes under /api/admin/chat behind `chat.reply`. Which operator a
 * socket is comes from the admin module (`operator-chat-auth.ts`).
 */
export async function registerChatAdminRoutes(app: FastifyInstance, agents: ChatAgentService): Promise<void> {
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
