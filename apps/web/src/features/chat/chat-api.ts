import {
  CHAT_GUEST_HEADER,
  ZChatConfigResponse,
  ZChatHistoryResponse,
  ZChatReadResponse,
  ZChatSendResponse,
  ZChatUploadResponse,
  type TChatConfigResponse,
  type TChatHistoryResponse,
  type TChatMessage,
  type TChatSendResponse,
  type TChatUploadResponse,
} from '@jetton/contract/chat';
import { TIMEOUTS_MS } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { ApiError } from '@jetton/ui/lib/api-error';
import { storage } from '@jetton/ui/lib/storage';

/** Who the widget speaks as: a member (bearer token, sent by apiRequest) or a guest (its signed token). */
export type ChatWho = { kind: 'member'; userId: string } | { kind: 'guest'; guestId: string; token: string };

const guestHeaders = (who: ChatWho | undefined): Record<string, string> =>
  who?.kind === 'guest' ? { [CHAT_GUEST_HEADER]: who.token } : {};
const claim = (who: ChatWho) => (who.kind === 'member' ? { userId: who.userId, guestId: null } : { userId: null, guestId: who.guestId });

/** The widget's calls never show the page's loading overlay: the chat shows its own states. */
export function fetchChatConfig(guestToken: string | null): Promise<TChatConfigResponse> {
  const headers: Record<string, string> = guestToken && !storage.getToken() ? { [CHAT_GUEST_HEADER]: guestToken } : {};
  return apiRequest(ROUTES.chat.config, { schema: ZChatConfigResponse, headers, background: true });
}

export function sendChatMessage(who: ChatWho, message: TChatMessage, clientId: string): Promise<TChatSendResponse> {
  return apiRequest(ROUTES.chat.sendMessage, {
    method: 'POST',
    schema: ZChatSendResponse,
    body: { ...claim(who), message, clientId },
    headers: guestHeaders(who),
    background: true,
  });
}

export function fetchChatHistory(
  who: ChatWho,
  page: { limit: number; beforeSeq?: number; afterSeq?: number },
): Promise<TChatHistoryResponse> {
  return apiRequest(ROUTES.chat.history, {
    method: 'POST',
    schema: ZChatHistoryResponse,
    body: { ...claim(who), ...page },
    headers: guestHeaders(who),
    background: true,
  });
}

export function markChatRead(who: ChatWho): Promise<{ readSeq: number }> {
  return apiRequest(ROUTES.chat.readCustomer, {
    method: 'PUT',
    schema: ZChatReadResponse,
    body: claim(who),
    headers: guestHeaders(who),
    background: true,
  });
}

/**
 * Uploads a file with progress (fetch cannot report upload progress, so XHR),
 * with the chat upload timeout (300 s). Rejects with an ApiError like apiRequest.
 */
export function uploadChatMedia(
  who: ChatWho,
  kind: 'image' | 'video',
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TChatUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', kind === 'image' ? ROUTES.chat.uploadImage : ROUTES.chat.uploadVideo);
    xhr.timeout = TIMEOUTS_MS.chatUpload;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = storage.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(guestHeaders(who))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ZChatUploadResponse.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError('INVALID_RESPONSE', xhr.status));
        return;
      }
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
          ? body.message
          : 'INTERNAL_SERVER_ERROR';
      reject(new ApiError(message, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 0));
    xhr.ontimeout = () => reject(new ApiError('TIMEOUT', 0));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
