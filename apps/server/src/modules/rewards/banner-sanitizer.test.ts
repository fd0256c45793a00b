import { describe, expect, it } from 'vitest';
import { sanitizeBannerHtml, sanitizeBannerImage } from './banner-sanitizer.ts';

describe('banner sanitizer', () => {
  it('keeps allowed formatting tags without attributes', () => {
    expect(sanitizeBannerHtml('<p>Deposit <b>100</b>, get <strong>100%</strong><br></p>')).toBe(
      '<p>Deposit <b>100</b>, get <strong>100%</strong><br></p>',
    );
  });

  it('escapes scripts, handlers, links and styles as text', () => {
    const out = sanitizeBannerHtml('<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">y</a><p style="x">z</p>');
    expect(out).not.toMatch(/<script|<img|<a |<p style/i);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&lt;script&gt;');
  });

  it('closes what an operator left open and drops stray closers', () => {
    expect(sanitizeBannerHtml('<b><i>x</b></u>')).toBe('<b><i>x</i></b>');
    expect(sanitizeBannerHtml('<ul><li>a')).toBe('<ul><li>a</li></ul>');
  });

  it('accepts https and site paths for images only', () => {
    expect(sanitizeBannerImage('/api/banners/welcome.svg')).toBe('/api/banners/welcome.svg');
    expect(sanitizeBannerImage('https://cdn.example/b.png')).toBe('https://cdn.example/b.png');
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.example/x.png', 'http://plain.example/x.png']) {
      expect(sanitizeBannerImage(bad)).toBe('');
    }
  });
});
