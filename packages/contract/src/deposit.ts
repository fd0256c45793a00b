import { z } from 'zod';
import { text } from './text.ts';
import { QR_PROVIDERS } from './constants.ts';
import { ZAmount } from './money.ts';
import { ZPageRequest, ZQrState, ZSlip } from './wallet.ts';

/* ---------------------------------------------------------------------------
 * Deposits (docs/deposits.md): slip upload and history, QR deposit, gift link,
 * manual notice. The entities ZSlip and ZQrState live in wallet.ts.
 * ------------------------------------------------------------------------- */

/** Slip upload rules shared by the upload form and the route. */
export const SLIP_UPLOAD = {
  /** Multipart field name of the image. */
  field: 'file',
  maxBytes: 10 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** POST /api/wallet/slip (multipart, one image): the new slip, `processing` until the verifier decides. */
export const ZSlipUploadResponse = z.object({ slip: ZSlip });

/** POST /api/statement/slip: the member's slips, newest first. */
export const ZSlipListRequest = ZPageRequest;
export const ZSlipListResponse = z.object({ slips: z.array(ZSlip) });

/** GET /api/statement/slip/reference/{reference}: a short-lived link to the slip image, owner only. */
export const ZSlipReferenceParams = z.object({ reference: text().min(1).max(64) });
/** GET /api/wallet/slip/{slipId}: one of the member's own slips, polled after an upload until decided. */
export const ZSlipIdParams = z.object({ slipId: text().min(1).max(64) });
export const ZSlipStatusResponse = z.object({ slip: ZSlip });
export type TSlipStatusResponse = z.infer<typeof ZSlipStatusResponse>;

export const ZSlipImageResponse = z.object({ url: text() });

/** QR deposit: `/api/qrcode/{provider}` GET (current state), POST (create), and DELETE `/api/qrcode/{qrcodeId}`. */
const ZQrProvider = z.enum(QR_PROVIDERS);
export const ZQrProviderParams = z.object({ provider: ZQrProvider });
/** DELETE shares the path shape with the provider routes: a provider name or a QR id. */
export const ZQrIdParams = z.object({ qrcodeId: text().min(1).max(64) });
export const ZQrCreateRequest = z.object({ amount: ZAmount });
export const ZQrStateResponse = ZQrState;
export const ZQrCancelResponse = z.object({ message: z.literal('OK') });

/** Where a QR stands: open until paid (credited), expired or cancelled. */
const QR_STATUSES = ['open', 'paid', 'expired', 'cancelled'] as const;
/** GET /api/qrcode/status/{qrcodeId}: one of the member's own QRs, polled by the open deposit dialog. */
export const ZQrStatusResponse = z.object({
  qrcodeId: text(),
  provider: ZQrProvider,
  status: z.enum(QR_STATUSES),
  amount: ZAmount,
  /** Paid, but kept for a person by player care (past a deposit limit, or during a break): not in the wallet. */
  held: z.boolean().optional(),
});
export type TQrStatusResponse = z.infer<typeof ZQrStatusResponse>;

/** POST /api/wallet/truelink: `link` is the encrypted token of truelink-crypto.ts, never the bare link. */
export const ZTruelinkRequest = z.object({
  link: text().min(1, { error: 'KEY_MISSING' }).max(4096, { error: 'KEY_INVALID' }),
});
export type TTruelinkRequest = z.infer<typeof ZTruelinkRequest>;
export const ZTruelinkResponse = z.object({ amount: ZAmount });

/** The gift link the member pastes: `https://gift.truemoney.com/campaign/?v=<alphanumeric>`. */
export const TRUELINK_PATTERN = /^https:\/\/gift\.truemoney\.com\/campaign\/\?v=([A-Za-z0-9]{1,64})$/;

/** POST /api/wallet/add (manual mode): a deposit notice the operator confirms or rejects. */
export const ZDepositNoticeRequest = z.object({ amount: ZAmount.refine((n) => n > 0, { error: 'KEY_INVALID' }) });
export type TDepositNoticeRequest = z.infer<typeof ZDepositNoticeRequest>;
export const ZDepositNoticeResponse = z.object({
  id: text(),
  amount: ZAmount,
  status: z.enum(['processing', 'success', 'failed']),
  createdAt: z.iso.datetime(),
});
export type TDepositNoticeResponse = z.infer<typeof ZDepositNoticeResponse>;

/**
 * GET /api/qrcode/rules: what the QR form offers and accepts, per provider, as
 * the server applies it (an operator's `rules.qr` over the built-in picks). An
 * amount must be above `min` when `minExclusive`, else at least `min`.
 */
const ZQrProviderRule = z.object({
  provider: z.enum(QR_PROVIDERS),
  enabled: z.boolean(),
  min: z.number().nonnegative(),
  minExclusive: z.boolean(),
  amounts: z.array(z.number().positive()),
});
export type TQrProviderRule = z.infer<typeof ZQrProviderRule>;
export const ZQrRulesResponse = z.object({ providers: z.array(ZQrProviderRule) });
