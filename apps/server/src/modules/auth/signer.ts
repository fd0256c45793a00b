import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signature is for; a token signed for one purpose never verifies for another. */
export type SignPurpose = 'session' | 'otp' | 'password-reset' | 'chat-guest' | 'admin-session' | 'admin-challenge';

/**
 * HMAC-SHA256 signatures with config.secrets.tokenSecret. A token is
 * `<payload>.<signature>` (base64url); the payload itself is not secret.
 */
export function createSigner(secret: string) {
  const mac = (purpose: SignPurpose, payload: string): Buffer => createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest();
  return {
    sign(purpose: SignPurpose, payload: string): string {
      return `${payload}.${mac(purpose, payload).toString('base64url')}`;
    },
    /** The payload when the signature is good, else null. */
    verify(purpose: SignPurpose, token: string): string | null {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      // The canonical spelling only (docs/security.md, "Tokens"): decoding is lenient (padding, spare
      // bits, stray characters), so the signature is compared as text against the one encoding we issue.
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(purpose, payload).toString('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
    },
    /** A keyed hash of a short secret (the OTP code), bound to its context so equal codes hash apart. */
    digest(context: string, value: string): string {
      return createHmac('sha256', secret).update(`digest\n${context}\n${value}`).digest('base64url');
    },
    /** Constant-time check of a value against a stored digest. */
    digestMatches(context: string, value: string, stored: string): boolean {
      const given = Buffer.from(this.digest(context, value));
      const expected = Buffer.from(stored);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type Signer = ReturnType<typeof createSigner>;
