import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived capability links to a slip image: `<path>?exp=<ms>&sig=<hmac>`.
 * Only the owner is ever handed one (GET /api/statement/slip/reference/{id}
 * checks ownership), so an <img> can load it without the bearer token, and a
 * leaked link dies within minutes. The key is derived from the token secret
 * with its own label, so it signs nothing else.
 */
export function createSlipLinkSigner(tokenSecret: string) {
  const key = createHmac('sha256', tokenSecret).update('slip-image-link').digest();
  const sign = (slipId: string, expiresAt: number) => createHmac('sha256', key).update(`${slipId}.${expiresAt}`).digest('base64url');
  return {
    sign,
    verify(slipId: string, expiresAt: number, signature: string, now: Date): boolean {
      if (!Number.isSafeInteger(expiresAt) || expiresAt <= now.getTime()) return false;
      const expected = Buffer.from(sign(slipId, expiresAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type SlipLinkSigner = ReturnType<typeof createSlipLinkSigner>;
