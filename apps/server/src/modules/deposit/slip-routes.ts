import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import {
  SLIP_UPLOAD,
  ZSlipIdParams,
  ZSlipImageResponse,
  ZSlipListRequest,
  ZSlipListResponse,
  ZSlipReferenceParams,
  ZSlipStatusResponse,
  ZSlipUploadResponse,
} from '@jetton/contract/deposit';
import { ROUTES } from '@jetton/contract/routes';
import { AppError } from '../../http/app-error.ts';
import { readMultipartFile } from '../../http/multipart-read.ts';
import { memberOf } from '../auth/member-guard.ts';
import { SLIP_IMAGE_PATH, type SlipService } from './slip-service.ts';
import { toSlipView } from './slip-view.ts';

const bearer = [{ bearer: [] }];
/** Room for the multipart framing around a file at the size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

const ZImageParams = z.object({ id: text().max(64) });
const ZImageQuery = z.object({ exp: z.coerce.number().int(), sig: text().max(128) });

/** Slip upload (multipart, its own scope), slip history and the signed image. */
export async function registerSlipRoutes(app: FastifyInstance, slips: SlipService): Promise<void> {
  await app.register(async (scope) => {
    // Multipart only here: no other route accepts a file.
    await scope.register(multipart, {
      limits: { fileSize: SLIP_UPLOAD.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    });
    scope.post(
      ROUTES.wallet.slip,
      {
        onRequest: app.requireMember,
        // Refuse what we can before reading a byte of the body: a declared size over the limit, a closed window, a full queue.
        preValidation: async (request) => {
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > SLIP_UPLOAD.maxBytes + MULTIPART_OVERHEAD) throw new AppError('PAYLOAD_TOO_LARGE');
          await slips.assertCanUpload(memberOf(request).memberId);
        },
        schema: { tags: ['deposit'], security: bearer, consumes: ['multipart/form-data'], response: { 201: ZSlipUploadResponse } },
      },
      async (request, reply) => {
        // toBuffer stops at limits.fileSize and throws 413 (FST_REQ_FILE_TOO_LARGE): never more than 10 MB in memory.
        const bytes = await readMultipartFile(request, (file) => file.toBuffer());
        if (bytes.length === 0) throw new AppError('SLIP_NO_FILE');
        const slip = await slips.upload(memberOf(request).memberId, bytes);
        return reply.status(201).send({ slip: toSlipView(slip) });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    ROUTES.statement.slip,
    {
      onRequest: app.requireMember,
      schema: { tags: ['deposit'], security: bearer, body: ZSlipListRequest, response: { 200: ZSlipListResponse } },
    },
    async (request) => ({ slips: (await slips.list(memberOf(request).memberId, request.body)).map(toSlipView) }),
  );

  r.get(
    ROUTES.wallet.slipStatus,
    {
      onRequest: app.requireMember,
      schema: { tags: ['deposit'], security: bearer, params: ZSlipIdParams, response: { 200: ZSlipStatusResponse } },
    },
    async (request) => ({ slip: toSlipView(await slips.owned(memberOf(request).memberId, request.params.slipId)) }),
  );

  r.get(
    ROUTES.statement.slipReference,
    {
      onRequest: app.requireMember,
      schema: { tags: ['deposit'], security: bearer, params: ZSlipReferenceParams, response: { 200: ZSlipImageResponse } },
    },
    async (request) => ({ url: await slips.imageLink(memberOf(request).memberId, request.params.reference) }),
  );

  r.get(`${SLIP_IMAGE_PATH}/:id`, { schema: { hide: true, params: ZImageParams, querystring: ZImageQuery } }, async (request, reply) => {
    const image = await slips.image(request.params.id, request.query.exp, request.query.sig);
    if (!image) throw new AppError('NO_DATA');
    const extension = image.type.slice('image/'.length);
    // Only ever an image: the sniffed type, no sniffing by the browser, no script even if opened directly.
    return reply
      .type(image.type)
      .header('content-disposition', `inline; filename="slip-${request.params.id}.${extension}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=60')
      .send(image.bytes);
  });
}
