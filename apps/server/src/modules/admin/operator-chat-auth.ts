import { hasPermission } from '@jetton/contract/admin/permissions';
import type { AgentAuthenticator, AgentSessionCheck } from '../chat/chat-agent-auth.ts';
import { ADMIN_COOKIE } from './admin-guard.ts';
import type { OperatorAuthService } from './operator-auth-service.ts';

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
