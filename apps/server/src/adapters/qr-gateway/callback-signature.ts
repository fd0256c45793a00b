import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying the callback's signature: hex HMAC-SHA256 over the exact raw body. */
export const QR_SIGNATURE_HEADER = 'x-signature';

/**
 * Each provider's callback secret, derived from the server's token secret with
 * the provider's name: one leaked provider secret forges nothing for the others.
 * A real gateway's secret would come from configuration the same way.
 */
export function qrCallbackSecret(tokenSecret: string, provider: string): Buffer {
  return createHmac('sha256', tokenSecret).update(`qr-callback:${provider}`).digest();
}

export function signQrCallback(secret: Buffer, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function qrCallbackSignatureValid(secret: Buffer, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signQrCallback(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
