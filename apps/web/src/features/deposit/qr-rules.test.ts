import { describe, expect, it } from 'vitest';
import { MONEY_RULE_DEFAULTS } from '@jetton/contract/money-rules';
import { canCreateQr, formatMmSs, svgDataUrl } from './qr-rules';

describe('qr rules', () => {
  it('baht: KBANK needs more than 0, the others their minimum', () => {
    const { qr } = MONEY_RULE_DEFAULTS.THB;
    expect(canCreateQr(qr.KBANK, 0)).toBe(false);
    expect(canCreateQr(qr.KBANK, 1)).toBe(true);
    expect(canCreateQr(qr.WW, 99)).toBe(false);
    expect(canCreateQr(qr.WW, 100)).toBe(true);
    expect(canCreateQr(qr.ZPAY, 10)).toBe(true);
    expect(canCreateQr(qr.ZPAY, undefined)).toBe(false);
  });

  it('kip: every provider at least 50,000 kip', () => {
    const { qr } = MONEY_RULE_DEFAULTS.LAK;
    expect(canCreateQr(qr.KBANK, 1_000)).toBe(false);
    expect(canCreateQr(qr.WW, 49_999)).toBe(false);
    expect(canCreateQr(qr.WW, 50_000)).toBe(true);
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
