import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How an SMS forwarder device signs a request (docs/auto-deposit.md,
 * "Forwarder set-up"): HMAC-SHA256 with the device's secret over
 * `<timestamp>.<raw body>`, hex, in `x-jetton-signature`; the timestamp
 * (milliseconds since the epoch) in `x-jetton-timestamp`.
 */
export const FORWARDER_SIGNATURE_HEADER = 'x-jetton-signature';
export const FORWARDER_TIMESTAMP_HEADER = 'x-jetton-timestamp';
/** Where a device posts: its id in the path. */
export const SMS_WEBHOOK_PATH = '/api/sms-forwarder/:id';

export function signForwarded(secret: string, timestamp: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function forwardedSignatureValid(secret: string, timestamp: string, body: Buffer, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signForwarded(secret, timestamp, body), 'hex'), Buffer.from(signature, 'hex'));
}
