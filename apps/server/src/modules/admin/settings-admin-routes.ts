import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { CONTENT_NAMES, SETTINGS_SECTION_NAMES, ZContactQrResponse, ZContent, ZSettings } from '@jetton/contract/admin/settings';
import { AppError } from '../../http/app-error.ts';
import { sniffImage } from '../deposit/image-sniff.ts';
import { adminRoute, operatorOf } from './admin-guard.ts';
import type { SettingsAdminService } from './settings-admin-service.ts';

/** A LINE QR image: small, PNG/JPEG/WebP only (checked by its bytes). */
const QR_IMAGE_MAX_BYTES = 512 * 1024;

/** The settings and content forms (docs/operators.md, "Settings and content"). */
export async function registerSettingsAdminRoutes(app: FastifyInstance, deps: { settings: SettingsAdminService }): Promise<void> {
  const R = ADMIN_ROUTES;
  const { settings } = deps;
  adminRoute(app, R.settings.get, { schema: { response: { 200: ZSettings } } }, async () => settings.read());
  adminRoute(
    app,
    R.settings.update,
    {
      schema: {
        params: z.object({ section: z.enum(SETTINGS_SECTION_NAMES as [string, ...string[]]) }),
        body: z.unknown(),
        response: { 200: ZSettings },
      },
    },
    async (request) =>
      settings.update(operatorOf(request), request.params.section as (typeof SETTINGS_SECTION_NAMES)[number], request.body, request.ip),
  );
  adminRoute(app, R.content.get, { schema: { response: { 200: ZContent } } }, async () => settings.content());
  adminRoute(
    app,
    R.content.update,
    { schema: { params: z.object({ name: z.enum(CONTENT_NAMES as [string, ...string[]]) }), body: z.unknown() } },
    async (request) =>
      settings.updateContent(operatorOf(request), request.params.name as (typeof CONTENT_NAMES)[number], request.body, request.ip),
  );
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: QR_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    adminRoute(
      scope,
      R.content.contactQr,
      { schema: { consumes: ['multipart/form-data'], response: { 200: ZContactQrResponse } } },
      async (request) => {
        const file = request.isMultipart() ? await request.file() : undefined;
        if (!file) throw new AppError('SLIP_NO_FILE');
        const bytes = await file.toBuffer().catch(() => {
          throw new AppError('PAYLOAD_TOO_LARGE');
        });
        const image = sniffImage(bytes);
        if (!image) throw new AppError('SLIP_INVALID_FILE');
        return {
          lineQR: await settings.setContactQr(operatorOf(request), `data:${image.type};base64,${bytes.toString('base64')}`, request.ip),
        };
      },
    );
  });
}
