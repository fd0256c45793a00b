const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML content and quoted attribute values. The one escaper of
 * every page and SVG the server writes by hand (sandbox pages, the game launch
 * page, game artwork): whatever a member, an operator or a provider typed can
 * never become markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
