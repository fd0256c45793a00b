import multipart from '@fastify/multipart';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import {
  CHAT_GUEST_HEADER,
  CHAT_MEDIA_PATH,
  ZChatConfigResponse,
  ZChatHistoryRequest,
  ZChatHistoryResponse,
  ZChatReadRequest,
  ZChatReadResponse,
  ZChatSendRequest,
  ZChatSendResponse,
  ZChatUploadResponse,
} from '@jetton/contract/chat';
import { ROUTES } from '@jetton/contract/routes';
import { AppError } from '../../http/app-error.ts';
import { readMultipartFile } from '../../http/multipart-read.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { ChatCredentials, ChatIdentity, ChatIdentityService } from './chat-identity.ts';
import type { ChatLimits } from './chat-limits.ts';
import { readUpload, UPLOAD_MAX_BYTES, type ChatMedia, type UploadKind } from './chat-media.ts';
import type { ChatRulesSource } from './chat-rules.ts';
import type { ChatService } from './chat-service.ts';

type Deps = {
  chat: ChatService;
  identity: ChatIdentityService;
  media: ChatMedia;
  rules: ChatRulesSource;
  limits: ChatLimits;
  lookups: LookupService;
};

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;
const security = [{ bearer: [] }];
/** Room for the multipart framing around a file at the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

export function credentialsOf(request: FastifyRequest): ChatCredentials {
  const guest = request.headers[CHAT_GUEST_HEADER];
  return { bearer: BEARER.exec(request.headers.authorization ?? '')?.[1], guestToken: typeof guest === 'string' ? guest : undefined };
}

/** The member and guest chat calls (docs/chat.md): each resolves the proven caller first, then checks any claimed ids. */
export async function registerChatRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { chat, identity, media, rules, limits, lookups } = deps;
  const uploadsPerIp: RateLimitOptions = {
    max: async () => (await rules.get()).uploadsPerIp.max,
    timeWindow: async () => (await rules.get()).uploadsPerIp.windowMs,
  };
  const caller = async (request: FastifyRequest): Promise<ChatIdentity> => {
    if ((await lookups.get('active')).status === 'gone') throw new AppError('gone');
    return identity.resolve(credentialsOf(request));
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(ROUTES.chat.config, { schema: { tags: ['chat'], response: { 200: ZChatConfigResponse } } }, async (request) => {
    const credentials = credentialsOf(request);
    if (credentials.bearer) {
      const member = await identity.resolve(credentials);
      return { ...chat.config(), userId: member.kind === 'member' ? member.memberId : null, guest: null };
    }
    const guestId = credentials.guestToken ? identity.verifyGuest(credentials.guestToken) : null;
    const guest = guestId && credentials.guestToken ? { guestId, token: credentials.guestToken } : identity.issueGuest();
    return { ...chat.config(), userId: null, guest };
  });

  r.post(
    ROUTES.chat.sendMessage,
    {
      // Counted with the socket's messages (docs/chat.md, "Limits"), before the body is read.
      preValidation: async (request) => limits.messageFrom(request.ip),
      schema: { tags: ['chat'], security, body: ZChatSendRequest, response: { 200: ZChatSendResponse } },
    },
    async (request) => {
      const who = await caller(request);
      identity.checkClaim(who, request.body);
      await limits.messageBy(who);
      const entry = await chat.send(who, request.body);
      return { createdAt: entry.createdAt, id: entry.id, seq: entry.seq };
    },
  );

  r.post(
    ROUTES.chat.history,
    { schema: { tags: ['chat'], security, body: ZChatHistoryRequest, response: { 200: ZChatHistoryResponse } } },
    async (request) => {
      const who = await caller(request);
      identity.checkClaim(who, request.body);
      return chat.history(who, request.body);
    },
  );

  r.put(
    ROUTES.chat.readCustomer,
    { schema: { tags: ['chat'], security, body: ZChatReadRequest, response: { 200: ZChatReadResponse } } },
    async (request) => {
      const who = await caller(request);
      identity.checkClaim(who, request.body);
      return chat.readCustomer(who);
    },
  );

  await app.register(async (scope) => {
    // Multipart only in this scope; the per-kind limit is enforced while reading (chat-media.ts).
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES.video, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    });
    const upload = (path: string, kind: UploadKind) =>
      scope.post(
        path,
        {
          config: { rateLimit: uploadsPerIp },
          // Refused before a byte of the body is read: an unknown caller, or a declared size over the limit.
          preValidation: async (request) => {
            const declared = Number(request.headers['content-length'] ?? 0);
            if (declared > UPLOAD_MAX_BYTES[kind] + MULTIPART_OVERHEAD) throw new AppError('PAYLOAD_TOO_LARGE');
            request.chatCaller = await caller(request);
          },
          schema: { tags: ['chat'], security, consumes: ['multipart/form-data'], response: { 200: ZChatUploadResponse } },
        },
        async (request) => {
          const who = request.chatCaller;
          if (!who) throw new AppError('UNAUTHORIZED');
          const read = await readMultipartFile(request, (file) => readUpload(file.file, kind));
          const conversation = await chat.conversationOf(who);
          return media.store(conversation.id, kind, read);
        },
      );
    upload(ROUTES.chat.uploadImage, 'image');
    upload(ROUTES.chat.uploadVideo, 'video');
  });

  r.get(
    `${CHAT_MEDIA_PATH}/:key`,
    { schema: { hide: true, params: z.object({ key: text().regex(/^[0-9a-f]{32}$/) }) } },
    async (request, reply) => {
      const found = await media.open(request.params.key, request.headers.range);
      if (!found) throw new AppError('NO_DATA');
      const { range, size } = found;
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      // Only ever the sniffed image or video type: never HTML, no sniffing by the browser, no script if opened directly.
      return reply
        .type(found.type)
        .header('content-length', range ? range.end - range.start + 1 : size)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(found.body);
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The proven chat caller of an upload, resolved before the body is read. */
    chatCaller?: ChatIdentity;
  }
}
