import { AppError } from '../../http/app-error.ts';
import type { SharedCounter } from '../../redis/shared-counter.ts';
import { createWindowCounter } from '../../redis/window-counter.ts';
import type { ChatIdentity } from './chat-identity.ts';
import type { ChatRulesSource } from './chat-rules.ts';

const senderOf = (identity: ChatIdentity): string => (identity.kind === 'member' ? `m:${identity.memberId}` : `g:${identity.guestId}`);

/**
 * One client per IPv4 address, and per IPv6 /64 (what one subscriber is handed, so walking its
 * addresses is not a way around the limit).
 */
export function addressKey(ip: string): string {
  if (ip.startsWith('::ffff:') && ip.includes('.')) return ip.slice(7);
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}

/**
 * The chat's limits (docs/chat.md, "Limits"): one count per address and per sender for HTTP and
 * sockets together, on every node (the shared counter: Redis, or this node while Redis is
 * unreachable). Only the per-connection count is this node's own: a socket lives on one node.
 */
export function createChatLimits(deps: { rules: ChatRulesSource; shared: SharedCounter; now?: () => number }) {
  const { rules, shared } = deps;
  const perConnection = createWindowCounter(deps.now ?? Date.now);
  const refuse = (): never => {
    throw new AppError('REQUEST_LIMIT');
  };
  return {
    /** A new socket from `ip`. */
    async connection(ip: string): Promise<void> {
      const { connectionsPerIp: limit } = await rules.get();
      if (!(await shared.hit(`conn-ip:${addressKey(ip)}`, limit.max, limit.windowMs))) refuse();
    },

    /** A message from `ip`, counted before anything else is read. */
    async messageFrom(ip: string): Promise<void> {
      const { messagesPerIp: limit } = await rules.get();
      if (!(await shared.hit(`msg-ip:${addressKey(ip)}`, limit.max, limit.windowMs))) refuse();
    },

    /** A message by the proven sender, whichever node and channel it comes through. */
    async messageBy(identity: ChatIdentity): Promise<void> {
      const { messagesPerSender: limit } = await rules.get();
      if (!(await shared.hit(`msg-by:${senderOf(identity)}`, limit.max, limit.windowMs))) refuse();
    },

    /** A message on one socket connection. */
    async messageOn(connectionId: string): Promise<void> {
      const { messagesPerConnection: limit } = await rules.get();
      if (!perConnection.hit(connectionId, limit.max, limit.windowMs)) refuse();
    },

    forgetConnection(connectionId: string): void {
      perConnection.forget(connectionId);
    },

    /** Typing news from a customer or an agent (`agent:<id>`): false when over the limit, and it is dropped. */
    async typing(who: ChatIdentity | { agentId: string }): Promise<boolean> {
      const { typingPerSender: limit } = await rules.get();
      const key = 'agentId' in who ? `a:${who.agentId}` : senderOf(who);
      return shared.hit(`typing:${key}`, limit.max, limit.windowMs);
    },
  };
}
export type ChatLimits = ReturnType<typeof createChatLimits>;
