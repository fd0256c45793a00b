import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { createSecretBox, type SecretBox } from '../../secret-box.ts';

/**
 * TOTP for operators (RFC 6238 through otplib; docs/operators.md, "Login"):
 * 6 digits, 30-second steps, SHA-1 (what every authenticator app reads), one
 * step of clock drift either way. A code's step is remembered so the same code
 * never opens two sessions. Secrets are sealed at rest (secret-box.ts).
 */
export const TOTP_ISSUER = 'Jetton back office';
/** ±30 s: one step before or after, for a phone clock slightly off. */
const EPOCH_TOLERANCE_S = 30;

export function createTotpBox(tokenSecret: string): SecretBox {
  return createSecretBox(tokenSecret, 'operator-totp');
}
export type TotpBox = SecretBox;

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
