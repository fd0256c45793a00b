import { describe, expect, it } from 'vitest';
import { canCreateQr, formatMmSs, svgDataUrl } from './qr-rules';

describe('qr rules', () => {
  it('KBANK needs more than 0, the others their minimum', () => {
    expect(canCreateQr('KBANK', 0)).toBe(false);
    expect(canCreateQr('KBANK', 1)).toBe(true);
    expect(canCreateQr('WW', 99)).toBe(false);
    expect(canCreateQr('WW', 100)).toBe(true);
    expect(canCreateQr('ZPAY', 10)).toBe(true);
    expect(canCreateQr('ZPAY', undefined)).toBe(false);
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
