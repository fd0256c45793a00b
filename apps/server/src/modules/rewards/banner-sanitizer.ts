import { escapeHtml } from '../../http/html.ts';

/** Tags an operator's banner text may use, without attributes: formatting only, nothing that loads or runs. */
const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'span', 'h3', 'h4', 'small']);
const VOID_TAGS = new Set(['br']);

/**
 * Banner HTML from an operator, made safe to render (docs/rewards.md,
 * "Banners"): an allow-list, not a block-list. Everything is escaped first;
 * then only exact `<tag>` / `</tag>` forms of the allowed tags, with no
 * attributes at all, are turned back into markup. No attribute survives, so no
 * event handler, style, link or URL can; unknown tags stay visible as text.
 * Unclosed allowed tags are closed at the end so a banner cannot swallow the page.
 */
export function sanitizeBannerHtml(input: string): string {
  const escaped = escapeHtml(input);
  const open: string[] = [];
  const body = escaped.replace(/&lt;(\/?)([a-zA-Z0-9]{1,6})\s*(\/?)&gt;/g, (whole, slash: string, rawTag: string) => {
    const tag = rawTag.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) return whole;
    if (VOID_TAGS.has(tag)) return slash ? '' : `<${tag}>`;
    if (!slash) {
      open.push(tag);
      return `<${tag}>`;
    }
    const at = open.lastIndexOf(tag);
    if (at < 0) return '';
    // Close anything opened inside it first, so the output nests properly.
    const inner = open.splice(at).reverse();
    return inner.map((t) => `</${t}>`).join('');
  });
  return (
    body +
    open
      .reverse()
      .map((t) => `</${t}>`)
      .join('')
  );
}

/**
 * A banner image: an https URL or a path on this site. Anything else
 * (javascript:, data:, protocol-relative //host) is refused: the empty string.
 */
export function sanitizeBannerImage(input: string): string {
  const value = input.trim();
  if (/^\/(?!\/)[A-Za-z0-9._~\-/%]*$/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.toString() : '';
  } catch {
    return '';
  }
}
