import { escapeHtml as esc } from '../../../http/html.ts';
import { sandboxPage } from '../../../sandbox/sandbox-page.ts';

/** The sandbox payer: paste a QR payload (copied from the deposit dialog) and pay it. */
export function payPage(result?: { ok: boolean; text: string }): string {
  const notice = result ? `<p role="status" class="${result.ok ? 'ok' : 'error'}">${esc(result.text)}</p>` : '';
  return sandboxPage({
    title: 'Sandbox QR payer',
    note: 'Sandbox gateways: nothing here is real money.',
    body: `${notice}
<p>Paste the QR payload of a deposit (PromptPay or LAPNet). Paying it makes the gateway send its signed callback to the site.</p>
<form method="post" action="/sandbox/pay/pay"><label>QR payload<br><textarea name="payload" rows="5" required></textarea></label>
<p><button type="submit">Pay</button></p></form>`,
  });
}
