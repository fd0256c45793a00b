/** Tags a slice description may use; they keep no attributes (docs/spin.md, "Configuration"). */
const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'small', 'ul', 'ol', 'li', 'span']);

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Sanitizes a slice's htmlDescription on the server: every tag outside a short
 * list of formatting tags is dropped with its attributes, allowed tags lose
 * their attributes, and all other text is escaped. The result is safe to set
 * as innerHTML; what is dropped is script and style content, never words.
 */
export function sanitizeDescription(html: string): string {
  const withoutCode = html.replace(/<(script|style|iframe|object|embed|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '');
  let out = '';
  let last = 0;
  for (const match of withoutCode.matchAll(/<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>|<!--[\s\S]*?-->/g)) {
    out += escapeText(withoutCode.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2]?.toLowerCase();
    if (name && ALLOWED.has(name)) out += name === 'br' ? '<br>' : `<${match[1] ? '/' : ''}${name}>`;
  }
  return out + escapeText(withoutCode.slice(last));
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
