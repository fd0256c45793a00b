import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_AGENT_ROUTES,
  ZCannedReplies,
  ZChatAgentConversationResponse,
  ZChatAgentHistoryRequest,
  ZChatAgentRead,
  ZChatAgentReply,
  ZChatAgentReplyResponse,
  ZChatAssign,
  ZChatConversationListRequest,
  ZChatConversationListResponse,
  ZChatConversationParams,
  ZChatConversationSummary,
} from '@jetton/contract/chat-agent';
import { ZChatUploadResponse } from '@jetton/contract/chat';
import { AppError } from '../../http/app-error.ts';
import { readMultipartFile } from '../../http/multipart-read.ts';
import type { ChatAgent } from './chat-agent-auth.ts';
import type { ChatAgentService } from './chat-agent-service.ts';
import { readUpload, UPLOAD_MAX_BYTES, type UploadKind } from './chat-media.ts';

export type ChatAgentRouteDeps = {
  agents: ChatAgentService;
  /** The agent of a request the back office's own guard has admitted (role `support`). */
  agentOf: (request: FastifyRequest) => ChatAgent;
};

const MULTIPART_OVERHEAD = 64 * 1024;
const tags = ['chat-agent'];

/**
 * The agents' HTTP calls as a plugin the back office mounts inside its own
 * guarded scope, e.g. `app.register(chatAgentRoutes(deps), { prefix: '/api/admin/chat' })`.
 * Nothing mounts it in the member server (docs/chat.md, "Agents").
 */
export function chatAgentRoutes(deps: ChatAgentRouteDeps) {
  const { agents, agentOf } = deps;
  return async (scope: FastifyInstance): Promise<void> => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const params = ZChatConversationParams;

    r.get(
      CHAT_AGENT_ROUTES.conversations,
      { schema: { tags, querystring: ZChatConversationListRequest, response: { 200: ZChatConversationListResponse } } },
      async (request) => ({
        conversations: await agents.list(request.query),
      }),
    );

    r.get(
      CHAT_AGENT_ROUTES.conversation,
      { schema: { tags, params, querystring: ZChatAgentHistoryRequest, response: { 200: ZChatAgentConversationResponse } } },
      async (request) => agents.open(request.params.conversationId, request.query),
    );

    r.post(
      CHAT_AGENT_ROUTES.reply,
      { schema: { tags, params, body: ZChatAgentReply, response: { 200: ZChatAgentReplyResponse } } },
      async (request) => ({
        entry: await agents.reply(agentOf(request), request.params.conversationId, request.body),
      }),
    );

    r.post(CHAT_AGENT_ROUTES.read, { schema: { tags, params, body: ZChatAgentRead, response: { 200: ZChatAgentRead } } }, async (request) =>
      agents.read(request.params.conversationId, request.body.seq),
    );

    r.post(
      CHAT_AGENT_ROUTES.assign,
      { schema: { tags, params, body: ZChatAssign, response: { 200: ZChatConversationSummary } } },
      async (request) => agents.assign(request.params.conversationId, request.body.agentId),
    );
    r.post(CHAT_AGENT_ROUTES.close, { schema: { tags, params, response: { 200: ZChatConversationSummary } } }, async (request) =>
      agents.close(request.params.conversationId),
    );
    r.post(CHAT_AGENT_ROUTES.reopen, { schema: { tags, params, response: { 200: ZChatConversationSummary } } }, async (request) =>
      agents.reopen(request.params.conversationId),
    );

    r.get(CHAT_AGENT_ROUTES.canned, { schema: { tags, response: { 200: ZCannedReplies } } }, () => agents.cannedReplies());
    r.put(CHAT_AGENT_ROUTES.canned, { schema: { tags, body: ZCannedReplies, response: { 200: ZCannedReplies } } }, async (request) => {
      const ids = new Set(request.body.replies.map((reply) => reply.id));
      if (ids.size !== request.body.replies.length) throw new AppError('KEY_INVALID');
      return agents.setCannedReplies(request.body);
    });

    await scope.register(async (uploads) => {
      await uploads.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES.video, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });
      const u = uploads.withTypeProvider<ZodTypeProvider>();
      const upload = (path: string, kind: UploadKind) =>
        u.post(
          path,
          {
            preValidation: (request, _reply, done) => {
              const tooLarge = Number(request.headers['content-length'] ?? 0) > UPLOAD_MAX_BYTES[kind] + MULTIPART_OVERHEAD;
              done(tooLarge ? new AppError('PAYLOAD_TOO_LARGE') : undefined);
            },
            schema: { tags, params, consumes: ['multipart/form-data'], response: { 200: ZChatUploadResponse } },
          },
          async (request) => {
            const read = await readMultipartFile(request, (file) => readUpload(file.file, kind));
            return agents.storeMedia(request.params.conversationId, kind, read);
          },
        );
      upload(CHAT_AGENT_ROUTES.uploadImage, 'image');
      upload(CHAT_AGENT_ROUTES.uploadVideo, 'video');
    });
  };
}
