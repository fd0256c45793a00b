import { escapeHtml as esc } from '../../../http/html.ts';
import { sandboxPage } from '../../../sandbox/sandbox-page.ts';

/** Issue a gift link for the deposit dialog. */
export function voucherPage(result: { link?: string; error?: string } = {}): string {
  const shown = result.link
    ? `<p role="status">Gift link (copy it into the site's gift-link deposit):</p><p><input readonly aria-label="Gift link" value="${esc(result.link)}"></p>`
    : '';
  const error = result.error ? `<p role="alert" class="error">${esc(result.error)}</p>` : '';
  return sandboxPage({
    title: 'Sandbox gift links',
    note: 'Sandbox vouchers: nothing here is real money.',
    body: `${error}${shown}
<form method="post" action="/sandbox/voucher/vouchers"><label>Amount (THB) <input name="amount" inputmode="decimal" required placeholder="50.00"></label>
<label><input type="checkbox" name="expired"> already expired</label> <button type="submit">Create gift link</button></form>`,
  });
}
