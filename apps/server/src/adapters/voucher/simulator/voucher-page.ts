const esc = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Issue a gift link for the deposit dialog; no scripts (CSP). */
export function voucherPage(result: { link?: string; error?: string } = {}): string {
  const shown = result.link
    ? `<p role="status">Gift link (copy it into the site's gift-link deposit):</p><p><input readonly size="60" value="${esc(result.link)}"></p>`
    : '';
  const error = result.error ? `<p role="alert" style="color:#b00020">${esc(result.error)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox TrueMoney gift links</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
input,button{font:inherit;padding:.3rem}</style></head><body><h1>Sandbox gift links</h1>${error}${shown}
<form method="post" action="/sandbox/voucher/vouchers"><label>Amount (THB) <input name="amount" inputmode="decimal" required placeholder="50.00"></label>
<label><input type="checkbox" name="expired"> already expired</label> <button type="submit">Create gift link</button></form>
<p><small>Sandbox vouchers: nothing here is real money.</small></p></body></html>`;
}
