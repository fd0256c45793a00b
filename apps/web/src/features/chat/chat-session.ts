import { io, type Socket } from 'socket.io-client';
import { ZChatEntry, type TChatEntry, type TChatMessage } from '@jetton/contract/chat';
import { ZChatJoinAnswer, ZChatRead, ZChatTyping, type ChatClientToServer, type ChatServerToClient } from '@jetton/contract/chat-events';
import { CHAT, DELAYS_MS, STORAGE_KEYS } from '@jetton/contract/constants';
import { isBlankText } from '@jetton/contract/visible-text';
import { isApiError } from '@jetton/ui/lib/api-error';
import { storage } from '@jetton/ui/lib/storage';
import { fetchChatConfig, fetchChatHistory, markChatRead, sendChatMessage, uploadChatMedia, type ChatWho } from './chat-api';
import { checkUpload, contiguousSeq, leavesGap, mergeEntries, type PendingItem } from './chat-items';

export type ChatAlert = { key: string; params?: Record<string, string | number> };
export type ChatSnapshot = {
  status: 'connecting' | 'online' | 'offline';
  who: ChatWho | null;
  entries: TChatEntry[];
  pending: PendingItem[];
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  agentReadSeq: number;
  agentTyping: boolean;
  alert: ChatAlert | null;
};

const INITIAL: ChatSnapshot = {
  status: 'connecting',
  who: null,
  entries: [],
  pending: [],
  loaded: false,
  hasOlder: false,
  loadingOlder: false,
  agentReadSeq: 0,
  agentTyping: false,
  alert: null,
};
const TYPING_SHOWN_MS = 6_000;
const TYPING_THROTTLE_MS = 2_000;
const BACKFILL_PAGE = 50;

const errorKey = (error: unknown): ChatAlert => ({ key: `errors.${isApiError(error) ? error.code : 'NETWORK_ERROR'}` });

/**
 * The chat widget's connection and state, outside React (the panel reads it
 * with useSyncExternalStore). Identity first (member token, else the guest token
 * kept under `guest-id`), then the newest page of history, then the socket:
 * joined with the last seq held so nothing missed goes unseen, reconnected by
 * socket.io after a drop (and re-checked every 5 s when it gave up), backfilled
 * on any gap or when the server says resync.
 */
export function createChatSession() {
  let state = INITIAL;
  const listeners = new Set<() => void>();
  let socket: Socket<ChatServerToClient, ChatClientToServer> | undefined;
  let room = '';
  let starting: Promise<void> | undefined;
  const timers: {
    reconnect?: ReturnType<typeof setInterval>;
    alert?: ReturnType<typeof setTimeout>;
    typing?: ReturnType<typeof setTimeout>;
    read?: ReturnType<typeof setTimeout>;
  } = {};
  let lastTypingSent = 0;
  let readSent = 0;
  let stopped = false;

  const set = (patch: Partial<ChatSnapshot>): void => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const alert = (value: ChatAlert): void => {
    clearTimeout(timers.alert);
    set({ alert: value });
    timers.alert = setTimeout(() => set({ alert: null }), DELAYS_MS.chatAlert);
  };
  const merge = (incoming: TChatEntry[]): void => set({ entries: mergeEntries(state.entries, incoming) });

  async function backfill(): Promise<void> {
    const who = state.who;
    if (!who) return;
    for (let round = 0; round < 20; round++) {
      const page = await fetchChatHistory(who, { limit: BACKFILL_PAGE, afterSeq: contiguousSeq(state.entries) });
      merge(page.conversations);
      set({ agentReadSeq: Math.max(state.agentReadSeq, page.agentReadSeq) });
      if (!page.hasMore) return;
    }
  }

  function connectSocket(who: ChatWho): void {
    const s: Socket<ChatServerToClient, ChatClientToServer> = io({
      // Read at each attempt: a member's token may have been renewed meanwhile.
      auth: (cb) => cb(who.kind === 'member' ? { token: storage.getToken() ?? '' } : { guestToken: who.token }),
      transports: ['websocket', 'polling'],
      // A dropped connection (its node restarting: docs/chat.md, "Rolling restarts") is retried at
      // once, and the balancer sends it to another node; the 5 s check starts again a socket that
      // stopped retrying (a refused handshake).
      reconnectionDelay: CHAT.reconnectDelayMs,
      reconnectionDelayMax: CHAT.reconnectCheckMs,
    });
    socket = s;
    s.on('connect', () => {
      set({ status: 'online' });
      s.emit('join', { room, afterSeq: contiguousSeq(state.entries) }, (answer) => {
        if (!answer.ok) return;
        const joined = ZChatJoinAnswer.safeParse(answer.data);
        if (!joined.success) return;
        merge(joined.data.missed);
        set({ agentReadSeq: Math.max(state.agentReadSeq, joined.data.agentReadSeq) });
        if (joined.data.hasMore) void backfill().catch(() => undefined);
      });
    });
    s.on('disconnect', () => set({ status: 'offline', agentTyping: false }));
    s.on('connect_error', (error) => {
      set({ status: 'offline' });
      // A guest token the server no longer accepts: start over as a new guest at the next check.
      if (error.message === 'UNAUTHORIZED' && who.kind === 'guest') {
        storage.remove(STORAGE_KEYS.guestId);
        s.close();
        socket = undefined;
        set({ who: null });
      }
    });
    s.on('messaging', (payload) => {
      const parsed = ZChatEntry.safeParse(payload);
      if (!parsed.success) return;
      if (leavesGap(state.entries, parsed.data)) void backfill().catch(() => undefined);
      merge([parsed.data]);
    });
    s.on('read', (payload) => {
      const parsed = ZChatRead.safeParse(payload);
      if (parsed.success) set({ agentReadSeq: Math.max(state.agentReadSeq, parsed.data.seq) });
    });
    s.on('typing', (payload) => {
      const parsed = ZChatTyping.safeParse(payload);
      if (!parsed.success) return;
      clearTimeout(timers.typing);
      set({ agentTyping: parsed.data.typing });
      if (parsed.data.typing) timers.typing = setTimeout(() => set({ agentTyping: false }), TYPING_SHOWN_MS);
    });
    s.on('resync', () => void backfill().catch(() => undefined));
  }

  async function begin(): Promise<void> {
    set({ status: 'connecting' });
    const config = await fetchChatConfig(storage.get(STORAGE_KEYS.guestId));
    let who: ChatWho;
    if (config.userId) who = { kind: 'member', userId: config.userId };
    else if (config.guest) {
      storage.set(STORAGE_KEYS.guestId, config.guest.token);
      who = { kind: 'guest', guestId: config.guest.guestId, token: config.guest.token };
    } else throw new Error('chat config named no one');
    room = `${config.PREFIX}${who.kind === 'member' ? who.userId : who.guestId}`;
    const page = await fetchChatHistory(who, { limit: CHAT.historyPageSize });
    if (stopped) return;
    set({
      who,
      entries: mergeEntries(state.entries, page.conversations),
      hasOlder: page.hasMore,
      loaded: true,
      agentReadSeq: page.agentReadSeq,
    });
    connectSocket(who);
  }

  function ensureStarted(): void {
    if (starting || stopped) return;
    starting = begin()
      .catch(() => set({ status: 'offline' }))
      .finally(() => {
        starting = undefined;
      });
  }

  async function deliver(item: PendingItem): Promise<void> {
    const who = state.who;
    if (!who) return;
    const update = (patch: Partial<PendingItem>) =>
      set({ pending: state.pending.map((p) => (p.clientId === item.clientId ? { ...p, ...patch } : p)) });
    try {
      let message = item.message;
      if (item.file && item.kind && message.payloads === undefined) {
        update({ deliver: 'uploading_file', progress: 0 });
        const uploaded = await uploadChatMedia(who, item.kind, item.file, (progress) => update({ progress }));
        message = { message_type: 'media', payloads: [{ url: uploaded.path, filePath: uploaded.path, fileType: uploaded.fileType }] };
        update({ message });
      }
      update({ deliver: 'sending' });
      const sent = await sendChatMessage(who, message, item.clientId);
      update({ deliver: 'succeed' });
      const own = who.kind === 'member' ? { userId: who.userId, guestId: null } : { userId: null, guestId: who.guestId };
      merge([{ ...sent, sender: 'customer', message, ...own, username: null, name: null, deviceToken: null, session_id: null }]);
      if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
      set({ pending: state.pending.filter((p) => p.clientId !== item.clientId) });
    } catch (error) {
      update({ deliver: 'failed' });
      alert(errorKey(error));
    }
  }

  const enqueue = (item: PendingItem): void => {
    set({ pending: [...state.pending, item] });
    void deliver(item);
  };

  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): ChatSnapshot => state,

    start: (): void => {
      stopped = false;
      ensureStarted();
      clearInterval(timers.reconnect);
      timers.reconnect = setInterval(() => {
        if (!state.who) ensureStarted();
        else if (socket && !socket.active) socket.connect();
      }, CHAT.reconnectCheckMs);
    },

    stop: (): void => {
      stopped = true;
      for (const timer of Object.values(timers)) clearTimeout(timer);
      clearInterval(timers.reconnect);
      socket?.close();
      socket = undefined;
      for (const p of state.pending) if (p.previewUrl) URL.revokeObjectURL(p.previewUrl);
      state = INITIAL;
    },

    sendText: (text: string): void => {
      if (isBlankText(text) || text.length > CHAT.textMax) return;
      socket?.emit('typing', { typing: false });
      lastTypingSent = 0;
      enqueue({ clientId: crypto.randomUUID(), message: { message_type: 'text', payload: text }, deliver: 'sending', progress: 0 });
    },

    sendPostback: (value: string): void => {
      enqueue({ clientId: crypto.randomUUID(), message: { message_type: 'postback', payload: value }, deliver: 'sending', progress: 0 });
    },

    sendFile: (file: File): void => {
      const check = checkUpload(file, CHAT);
      if (!check.ok) {
        alert(check.reason === 'size' ? { key: 'chat.tooLarge', params: { mb: check.maxMb ?? 0 } } : { key: 'chat.badType' });
        return;
      }
      const message: TChatMessage = { message_type: 'media' };
      enqueue({
        clientId: crypto.randomUUID(),
        message,
        deliver: 'uploading_file',
        progress: 0,
        file,
        kind: check.kind,
        previewUrl: URL.createObjectURL(file),
      });
    },

    resend: (clientId: string): void => {
      const item = state.pending.find((p) => p.clientId === clientId);
      if (item && item.deliver === 'failed') void deliver(item);
    },

    remove: (clientId: string): void => {
      const item = state.pending.find((p) => p.clientId === clientId);
      if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
      set({ pending: state.pending.filter((p) => p.clientId !== clientId) });
    },

    loadOlder: async (): Promise<void> => {
      const who = state.who;
      const first = state.entries[0]?.seq;
      if (!who || !state.hasOlder || state.loadingOlder || first === undefined) return;
      set({ loadingOlder: true });
      try {
        const page = await fetchChatHistory(who, { limit: CHAT.historyPageSize, beforeSeq: first });
        set({ entries: mergeEntries(state.entries, page.conversations), hasOlder: page.hasMore });
      } catch (error) {
        alert(errorKey(error));
      } finally {
        set({ loadingOlder: false });
      }
    },

    /** Debounced 1 s after the history changes (docs/chat.md): the agents see the member has read. */
    scheduleRead: (): void => {
      clearTimeout(timers.read);
      timers.read = setTimeout(() => {
        const who = state.who;
        const last = state.entries.at(-1)?.seq ?? 0;
        if (!who || last <= readSent) return;
        readSent = last;
        void markChatRead(who).catch(() => {
          readSent = 0;
        });
      }, CHAT.readMarkDebounceMs);
    },

    typing: (): void => {
      const now = Date.now();
      if (now - lastTypingSent < TYPING_THROTTLE_MS) return;
      lastTypingSent = now;
      socket?.emit('typing', { typing: true });
    },

    dismissAlert: (): void => {
      set({ alert: null });
    },
  };
}
export type ChatSession = ReturnType<typeof createChatSession>;
