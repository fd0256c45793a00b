import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP for operators (RFC 6238 through otplib; docs/operators.md, "Login"):
 * 6 digits, 30-second steps, SHA-1 (what every authenticator app reads), one
 * step of clock drift either way. A code's step is remembered so the same code
 * never opens two sessions. Secrets are sealed at rest with AES-256-GCM under a
 * key derived from the token secret.
 */
export const TOTP_ISSUER = 'Jetton back office';
/** ±30 s: one step before or after, for a phone clock slightly off. */
const EPOCH_TOLERANCE_S = 30;

export function createTotpBox(tokenSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'jetton', 'operator-totp', 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type TotpBox = ReturnType<typeof createTotpBox>;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app scans, and the same as an SVG QR code. */
export async function enrolmentPayload(secret: string, login: string): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: login, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { otpauthUri, qrSvg };
}

/** The code's time step when it is valid now and newer than `afterStep`, else null. */
export async function checkTotp(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
