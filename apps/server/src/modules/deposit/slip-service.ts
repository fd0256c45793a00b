import type { Kysely } from 'kysely';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { inDailyWindow } from './closed-window.ts';
import type { DepositRulesSource } from './deposit-rules.ts';
import { sniffImage } from './image-sniff.ts';
import { createSlipRepository, lockMemberSlips, type Slip } from './slip-repository.ts';
import type { SlipLinkSigner } from './slip-link-signer.ts';

type Deps = { db: Kysely<DB>; storage: ObjectStorage; rules: DepositRulesSource; clock: Clock; links: SlipLinkSigner };

/** Where a signed slip image is served (see slip-routes.ts). */
export const SLIP_IMAGE_PATH = '/api/slip-image';

/** Slip upload, history and image links (docs/deposits.md, "Bank transfer with a slip"). */
export function createSlipService(deps: Deps) {
  const slips = createSlipRepository(deps.db);

  /** Refusals that need no file: checked before the body is read. */
  async function assertCanUpload(memberId: string): Promise<void> {
    const rules = await deps.rules.get();
    if (inDailyWindow(deps.clock.now(), rules.slipClosedFrom, rules.slipClosedTo)) throw new AppError('SLIP_UPLOAD_CLOSED');
    if ((await slips.countProcessing(memberId)) > rules.maxProcessingSlips) throw new AppError('SLIP_UPLOAD_FAIL');
  }

  return {
    assertCanUpload,

    /** Checks the bytes, stores them under a new key and records the slip `processing`. */
    async upload(memberId: string, bytes: Buffer): Promise<Slip> {
      const rules = await deps.rules.get();
      const image = sniffImage(bytes);
      if (!image) throw new AppError('SLIP_INVALID_FILE');
      const oversized =
        image.width > rules.slipMaxSide || image.height > rules.slipMaxSide || image.width * image.height > rules.slipMaxPixels;
      if (oversized) throw new AppError('SLIP_INVALID_FILE');
      const key = await deps.storage.put(bytes);
      try {
        // Count and insert under the member's lock: parallel uploads cannot overrun the processing limit.
        return await deps.db.transaction().execute(async (trx) => {
          await lockMemberSlips(trx, memberId);
          const inTrx = createSlipRepository(trx);
          const now = deps.clock.now();
          if (inDailyWindow(now, rules.slipClosedFrom, rules.slipClosedTo)) throw new AppError('SLIP_UPLOAD_CLOSED');
          if ((await inTrx.countProcessing(memberId)) > rules.maxProcessingSlips) throw new AppError('SLIP_UPLOAD_FAIL');
          return inTrx.insert({ id: uuidV7(now), memberId, storageKey: key, contentType: image.type, now });
        });
      } catch (error) {
        await deps.storage.delete(key);
        throw error;
      }
    },

    async list(memberId: string, page: { page: number; limit: number }): Promise<Slip[]> {
      return slips.listOwned(memberId, { offset: (page.page - 1) * page.limit, limit: page.limit });
    },

    /** One of the member's own slips (the upload dialog polls it until decided); NO_DATA for anyone else's or an unknown id. */
    async owned(memberId: string, slipId: string): Promise<Slip> {
      const slip = UUID.test(slipId) ? await slips.findOwned(memberId, slipId) : undefined;
      if (!slip) throw new AppError('NO_DATA');
      return slip;
    },

    /** A short-lived link to the owner's slip image; NO_DATA for anyone else's or an unknown id. */
    async imageLink(memberId: string, reference: string): Promise<string> {
      if (!UUID.test(reference)) throw new AppError('NO_DATA');
      const slip = await slips.findOwned(memberId, reference);
      if (!slip) throw new AppError('NO_DATA');
      const expiresAt = deps.clock.now().getTime() + (await deps.rules.get()).slipLinkTtlMs;
      return `${SLIP_IMAGE_PATH}/${slip.id}?exp=${expiresAt}&sig=${deps.links.sign(slip.id, expiresAt)}`;
    },

    /** The image behind a signed link, re-sniffed so it can only ever leave as an image. */
    async image(slipId: string, expiresAt: number, signature: string): Promise<{ bytes: Buffer; type: string } | undefined> {
      if (!UUID.test(slipId) || !deps.links.verify(slipId, expiresAt, signature, deps.clock.now())) return undefined;
      const slip = await slips.findById(slipId);
      const bytes = slip ? await deps.storage.get(slip.storage_key) : undefined;
      const image = bytes ? sniffImage(bytes) : undefined;
      return bytes && image ? { bytes, type: image.type } : undefined;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type SlipService = ReturnType<typeof createSlipService>;
