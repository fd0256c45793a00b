import { describe, expect, it } from 'vitest';
import { canCreateQr, formatMmSs, qrRuleOf, svgDataUrl } from './qr-rules';

describe('qr rules', () => {
  it('built in until the server answers: KBANK needs more than 0, the others their minimum', () => {
    expect(canCreateQr(qrRuleOf(undefined, 'KBANK'), 0)).toBe(false);
    expect(canCreateQr(qrRuleOf(undefined, 'KBANK'), 1)).toBe(true);
    expect(canCreateQr(qrRuleOf(undefined, 'WW'), 99)).toBe(false);
    expect(canCreateQr(qrRuleOf(undefined, 'WW'), 100)).toBe(true);
    expect(canCreateQr(qrRuleOf(undefined, 'ZPAY'), 10)).toBe(true);
    expect(canCreateQr(qrRuleOf(undefined, 'ZPAY'), undefined)).toBe(false);
  });

  it('the server’s rule wins: an operator’s minimum, a provider turned off', () => {
    const served = [
      { provider: 'WW' as const, enabled: true, min: 250, minExclusive: false, amounts: [300, 500] },
      { provider: 'ZPAY' as const, enabled: false, min: 10, minExclusive: false, amounts: [10] },
    ];
    expect(qrRuleOf(served, 'WW').amounts).toEqual([300, 500]);
    expect(canCreateQr(qrRuleOf(served, 'WW'), 200)).toBe(false);
    expect(canCreateQr(qrRuleOf(served, 'WW'), 250)).toBe(true);
    expect(canCreateQr(qrRuleOf(served, 'ZPAY'), 100)).toBe(false);
  });

  it('counts down as mm:ss', () => {
    expect(formatMmSs(75)).toBe('01:15');
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(-3)).toBe('00:00');
  });

  it('encodes the markup (UTF-8) as a base64 data URL', () => {
    const url = svgDataUrl('<svg>ก</svg>');
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const bytes = Uint8Array.from(atob(url.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe('<svg>ก</svg>');
  });
});
