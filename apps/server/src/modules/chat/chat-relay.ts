import type { ChatAgentServerToClient } from '@jetton/contract/chat-agent';
import type { ChatServerToClient } from '@jetton/contract/chat-events';

/**
 * Where the services hand realtime news: to one customer's room, or to every
 * agent. chat-realtime.ts implements it over socket.io (and its Redis adapter
 * across nodes); the services never see a socket.
 */
export interface ChatRelay {
  toRoom<E extends keyof ChatServerToClient>(room: string, event: E, ...args: Parameters<ChatServerToClient[E]>): void;
  toAgents<E extends keyof ChatAgentServerToClient>(event: E, ...args: Parameters<ChatAgentServerToClient[E]>): void;
}

/** Until socket.io is attached (and in services tested on their own): news goes nowhere. */
export const silentRelay: ChatRelay = {
  toRoom: () => undefined,
  toAgents: () => undefined,
};
