import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, parsePasswordHash, SCRYPT_PARAMS, verifyPassword } from './password-hash.ts';

describe('password hash', () => {
  it('is stored as scrypt with the OWASP parameters, a 16-byte salt and a 32-byte key', async () => {
    const stored = await hashPassword('demo1234');
    expect(stored).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    const parsed = parsePasswordHash(stored);
    expect(parsed).toMatchObject({ algorithm: 'scrypt', N: 2 ** 17, r: 8, p: 1 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(32);
    expect(needsRehash(stored)).toBe(false);
    expect(SCRYPT_PARAMS.N).toBe(131072);
  });

  it('verifies the right password only, and salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('secret-1'), hashPassword('secret-1')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret-1', a)).toBe(true);
    expect(await verifyPassword('secret-2', a)).toBe(false);
  });

  it('still verifies a hash made with older parameters, and asks for a rehash', async () => {
    // A hash with N=2^14 as an earlier release might have stored it.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync('old-pass', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
    const stored = `scrypt$N=16384,r=8,p=1$${b64(salt)}$${b64(key)}`;
    expect(await verifyPassword('old-pass', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });

  it('refuses strings that are not a hash, or ask for absurd memory', async () => {
    expect(parsePasswordHash('plain')).toBeNull();
    expect(parsePasswordHash('scrypt$N=1073741824,r=8,p=1$AAAA$AAAA')).toBeNull();
    expect(parsePasswordHash('scrypt$N=1000,r=8,p=1$AAAA$AAAA')).toBeNull();
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});
