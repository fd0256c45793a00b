const esc = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The sandbox payer: paste a QR payload (copied from the deposit dialog) and pay it. No scripts (CSP). */
export function payPage(result?: { ok: boolean; text: string }): string {
  const notice = result ? `<p role="status" style="color:${result.ok ? '#137a36' : '#b00020'}">${esc(result.text)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox QR payer</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
textarea{width:100%;font:inherit;font-family:monospace}button{font:inherit;padding:.5rem 1rem}</style></head><body>
<h1>Sandbox QR payer</h1>${notice}
<p>Paste the QR payload of a deposit (PromptPay or LAPNet). Paying it makes the gateway send its signed callback to the site.</p>
<form method="post" action="/sandbox/pay/pay"><label>QR payload<br><textarea name="payload" rows="5" required></textarea></label>
<p><button type="submit">Pay</button></p></form><p><small>Sandbox gateways: nothing here is real money.</small></p></body></html>`;
}
