import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sliceForValue } from '@jetton/contract/spin-draw';
import { chiSquare } from './chi-square.ts';
import { fairSlice, fairValue, seedHash } from './fair-draw.ts';
import { sanitizeDescription } from './html-description.ts';

const MAX = (1n << 64n) - 1n;

describe('the published draw mapping', () => {
  it('maps the ends of the 64-bit range to the first and last slices that have weight', () => {
    expect(sliceForValue(0n, [0, 3, 1, 0])).toBe(1);
    expect(sliceForValue(MAX, [0, 3, 1, 0])).toBe(2);
    // v = 3/4 of the range lands exactly where slice 2 starts.
    expect(sliceForValue(3n << 62n, [0, 3, 1, 0])).toBe(2);
    expect(sliceForValue((3n << 62n) - 1n, [0, 3, 1, 0])).toBe(1);
  });

  it('is HMAC-SHA256 of clientSeed:nonce keyed by the server seed (a known vector)', () => {
    const serverSeed = '0'.repeat(64);
    expect(seedHash(serverSeed)).toBe('60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55');
    // The same value from any HMAC tool: the first 16 hex digits of HMAC-SHA256(key=serverSeed, "client:0").
    // HMAC-SHA256(key = '000...0' (64 characters), 'client:0') = 6ca3954a2dd18ac8e683...
    expect(fairValue(serverSeed, 'client', 0)).toBe(0x6ca3954a2dd18ac8n);
    // 0x6ca3... is below half of 2^64: the first of two equal slices; 0.4243 of the range, so slice 1 of [2, 1, 2].
    expect(fairSlice(serverSeed, 'client', 0, [1, 1])).toBe(0);
    expect(fairSlice(serverSeed, 'client', 0, [2, 1, 2])).toBe(1);
  });

  it('matches the weights over 100,000 draws (chi-square, p > 0.001)', () => {
    const weights = [20, 20, 12, 25, 6, 8, 3, 6, 0];
    const serverSeed = randomBytes(32).toString('hex');
    const observed = weights.map(() => 0);
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      const i = fairSlice(serverSeed, 'stat-test', nonce, weights);
      observed[i] = (observed[i] ?? 0) + 1;
    }
    const test = chiSquare(observed, weights);
    expect(test.impossible).toBe(0);
    expect(test.degreesOfFreedom).toBe(7);
    expect(test.pValue).toBeGreaterThan(0.001);
  });

  it('computes chi-square p-values', () => {
    // Critical value of chi-square with 7 degrees of freedom at p = 0.05 is 14.067.
    expect(chiSquare([0, 0], [1, 1]).pValue).toBe(1);
    const far = chiSquare([900, 100], [1, 1]);
    expect(far.pValue).toBeLessThan(1e-10);
    const fair = chiSquare([5_010, 4_990], [1, 1]);
    expect(fair.pValue).toBeGreaterThan(0.5);
  });
});

describe('slice descriptions', () => {
  it('keeps simple formatting, drops everything else, escapes text', () => {
    expect(sanitizeDescription('<b>Win</b> <i>50</i><br/>')).toBe('<b>Win</b> <i>50</i><br>');
    expect(sanitizeDescription('<a href="javascript:x">x</a><p style="x">y</p>')).toBe('x<p>y</p>');
    expect(sanitizeDescription('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeDescription('1 < 2 & "q"')).toBe('1 &lt; 2 &amp; &quot;q&quot;');
    expect(sanitizeDescription('<img src=x onerror=alert(1)>')).toBe('');
  });
});
