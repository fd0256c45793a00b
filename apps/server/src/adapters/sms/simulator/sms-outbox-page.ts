import { escapeHtml as esc } from '../../../http/html.ts';
import { sandboxPage } from '../../../sandbox/sandbox-page.ts';

/**
 * The simulator's outbox as a page: a person registering in the sandbox reads
 * their code here. It reloads itself every 5 s.
 */
export function renderOutboxPage(messages: readonly { to: string; text: string; sentAt: string }[], phone: string | undefined): string {
  const rows = messages
    .map((m) => `<tr><td>${esc(m.sentAt)}</td><td><code>${esc(m.to)}</code></td><td>${esc(m.text)}</td></tr>`)
    .join('\n');
  const empty = '<p>No messages yet. Ask for a code on the registration page.</p>';
  return sandboxPage({
    title: 'SMS outbox (sandbox)',
    refreshSeconds: 5,
    body: `<p>Messages the site sent, newest first${phone ? ` for <code>${esc(phone)}</code>` : ''}. Filter with <code>?phone=0812345678</code>; JSON at <code>messages?phone=</code>.</p>
${messages.length === 0 ? empty : `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Text</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}`,
  });
}
