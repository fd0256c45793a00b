import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './request-fingerprint.ts';

describe('request fingerprint', () => {
  it('ignores the order of object keys, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe('{"a":{"c":[3,{"e":5,"f":4}],"d":2},"b":1}');
    expect(requestFingerprint('POST', '/x', { to: 'pg', amount: 5 })).toBe(requestFingerprint('POST', '/x', { amount: 5, to: 'pg' }));
  });

  it('tells apart another amount, another path and another method', () => {
    const base = requestFingerprint('POST', '/api/wallet/transfer', { amount: 5 });
    expect(requestFingerprint('POST', '/api/wallet/transfer', { amount: 6 })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/wallet/withdraw', { amount: 5 })).not.toBe(base);
    expect(requestFingerprint('PUT', '/api/wallet/transfer', { amount: 5 })).not.toBe(base);
  });

  it('keeps array order significant', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
