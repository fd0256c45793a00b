import { createDecipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptTruelink, encryptTruelink, truelinkKeyFromSecret } from '@jetton/contract/truelink-crypto';

const LINK = 'https://gift.truemoney.com/campaign/?v=abc123XYZ';

describe('truelink envelope', () => {
  it('round-trips link and wallet account name, with a fresh iv each time', async () => {
    const key = await truelinkKeyFromSecret('shared-secret-for-tests');
    const a = await encryptTruelink(key, LINK, '0891234567');
    const b = await encryptTruelink(key, LINK, '0891234567');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decryptTruelink(key, a)).toEqual({ link: LINK, walletAccountName: '0891234567' });
  });

  it('is exactly base64url(iv || AES-256-GCM ciphertext || tag) under SHA-256(secret)', async () => {
    const secret = 'shared-secret-for-tests';
    const token = await encryptTruelink(await truelinkKeyFromSecret(secret), LINK, 'W');
    const bytes = Buffer.from(token, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(secret).digest(), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(-16));
    expect(Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString()).toBe(`${LINK}::W`);
  });

  it('opens nothing under another key, tampered, truncated or garbage', async () => {
    const key = await truelinkKeyFromSecret('one');
    const token = await encryptTruelink(key, LINK, 'W');
    expect(await decryptTruelink(await truelinkKeyFromSecret('two'), token)).toBeUndefined();
    const flipped = Buffer.from(token, 'base64url');
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    expect(await decryptTruelink(key, flipped.toString('base64url'))).toBeUndefined();
    expect(await decryptTruelink(key, token.slice(0, 30))).toBeUndefined();
    expect(await decryptTruelink(key, 'not base64 at all!')).toBeUndefined();
  });
});
