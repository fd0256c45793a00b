import type { SmsMessage } from './sms-simulator.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The simulator's outbox as one self-contained page (no scripts, no external
 * assets, so the site's CSP holds): a person registering in the sandbox reads
 * their code here. Every text is escaped; it refreshes itself every 5 s.
 */
export function renderOutboxPage(messages: readonly SmsMessage[], phone: string | undefined): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.sentAt)}</td><td><code>${escapeHtml(m.to)}</code></td><td>${escapeHtml(m.text)}</td></tr>`,
    )
    .join('\n');
  const empty = '<p>No messages yet. Ask for a code on the registration page.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Sandbox SMS outbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
th{font-size:.85rem;color:#555}code{font-size:1rem}
</style></head>
<body>
<h1>SMS outbox (sandbox)</h1>
<p>Messages the site sent, newest first${phone ? ` for <code>${escapeHtml(phone)}</code>` : ''}. Filter with <code>?phone=0812345678</code>; JSON at <code>messages?phone=</code>.</p>
${messages.length === 0 ? empty : `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Text</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</body></html>`;
}
