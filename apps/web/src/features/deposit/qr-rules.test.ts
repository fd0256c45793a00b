import { describe, expect, it } from 'vitest';
import { canCreateQr, formatMmSs, qrRuleOf, svgDataUrl } from './qr-rules';

describe('qr rules', () => {
  it('baht until the server answers: KBANK needs more than 0, the others their minimum', () => {
    expect(canCreateQr(qrRuleOf(undefined, 'KBANK', 'THB'), 0)).toBe(false);
    expect(canCreateQr(qrRuleOf(undefined, 'KBANK', 'THB'), 1)).toBe(true);
    expect(canCreateQr(qrRuleOf(undefined, 'WW', 'THB'), 99)).toBe(false);
    expect(canCreateQr(qrRuleOf(undefined, 'WW', 'THB'), 100)).toBe(true);
    expect(canCreateQr(qrRuleOf(undefined, 'ZPAY', undefined), 10)).toBe(true);
    expect(canCreateQr(qrRuleOf(undefined, 'ZPAY', 'THB'), undefined)).toBe(false);
  });

  it('kip until the server answers: every provider at least 50,000 kip, kip quick picks', () => {
    expect(canCreateQr(qrRuleOf(undefined, 'KBANK', 'LAK'), 1_000)).toBe(false);
    expect(canCreateQr(qrRuleOf(undefined, 'WW', 'LAK'), 49_999)).toBe(false);
    expect(canCreateQr(qrRuleOf(undefined, 'WW', 'LAK'), 50_000)).toBe(true);
    expect(qrRuleOf(undefined, 'WW', 'LAK').amounts[0]).toBe(50_000);
  });

  it('the server’s rule wins: the currency’s minimum, a provider turned off', () => {
    const served = [
      { provider: 'WW' as const, enabled: true, min: 250, minExclusive: false, amounts: [300, 500] },
      { provider: 'ZPAY' as const, enabled: false, min: 10, minExclusive: false, amounts: [10] },
    ];
    expect(qrRuleOf(served, 'WW', 'LAK').amounts).toEqual([300, 500]);
    expect(canCreateQr(qrRuleOf(served, 'WW', 'THB'), 200)).toBe(false);
    expect(canCreateQr(qrRuleOf(served, 'WW', 'THB'), 250)).toBe(true);
    expect(canCreateQr(qrRuleOf(served, 'ZPAY', 'THB'), 100)).toBe(false);
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
