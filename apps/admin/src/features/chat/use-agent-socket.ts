import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type { TChatEntry } from '@jetton/contract/chat';
import {
  CHAT_AGENT_NAMESPACE,
  type TChatConversationSummary,
  type ChatAgentClientToServer,
  type ChatAgentServerToClient,
} from '@jetton/contract/chat-agent';
import { CHAT } from '@jetton/contract/constants';

export type AgentSocketHandlers = {
  messaging: (event: { conversationId: string; entry: TChatEntry }) => void;
  conversation: (summary: TChatConversationSummary) => void;
  read: (event: { conversationId: string; seq: number }) => void;
  typing: (event: { conversationId: string; typing: boolean }) => void;
  resync: () => void;
};
type AgentSocket = Socket<ChatAgentServerToClient, ChatAgentClientToServer>;

/**
 * The agents' socket (docs/chat.md, "Agents' console"): the operator's session cookie admits it.
 * socket.io-client is imported here, on the console's first render, so no other screen loads it.
 * Handlers are read through a ref, so a re-render never reconnects.
 */
export function useAgentSocket(handlers: AgentSocketHandlers) {
  const ref = useRef(handlers);
  useLayoutEffect(() => {
    ref.current = handlers;
  });
  const socketRef = useRef<AgentSocket | undefined>(undefined);
  const [online, setOnline] = useState(false);
  useEffect(() => {
    let stopped = false;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      // WebSocket only: one connection, so no poll of a session can land on another node. A node
      // that restarts closes it and socket.io reconnects at once, through the balancer, to another.
      const socket: AgentSocket = io(CHAT_AGENT_NAMESPACE, {
        transports: ['websocket'],
        withCredentials: true,
        reconnectionDelay: CHAT.reconnectDelayMs,
        reconnectionDelayMax: CHAT.reconnectCheckMs,
      });
      socketRef.current = socket;
      socket.on('connect', () => {
        setOnline(true);
        // Anything missed while away: the list and the open conversation's backfill.
        ref.current.resync();
      });
      socket.on('disconnect', () => setOnline(false));
      socket.on('messaging', (event) => ref.current.messaging(event));
      socket.on('conversation', (summary) => ref.current.conversation(summary));
      socket.on('read', (event) => ref.current.read(event));
      socket.on('typing', (event) => ref.current.typing(event));
      socket.on('resync', () => ref.current.resync());
    });
    return () => {
      stopped = true;
      socketRef.current?.disconnect();
      socketRef.current = undefined;
    };
  }, []);
  return {
    online,
    typing(conversationId: string, typing: boolean) {
      socketRef.current?.emit('typing', { conversationId, typing });
    },
  };
}
