import { escapeHtml as esc } from '../../../http/html.ts';
import { sandboxPage } from '../../../sandbox/sandbox-page.ts';

/** The SCB payer: paste a deposit QR issued through SCB's API and pay it. */
export function scbPayPage(result?: { ok: boolean; text: string }): string {
  const notice = result ? `<p role="status" class="${result.ok ? 'ok' : 'error'}">${esc(result.text)}</p>` : '';
  return sandboxPage({
    title: 'Sandbox SCB QR API',
    note: 'Sandbox SCB: nothing here is real money.',
    body: `${notice}
<p>Paste the payload of a deposit QR issued through SCB. Paying it sends SCB's payment confirmation to the site, which checks it with SCB's inquiry.</p>
<form method="post" action="/sandbox/scb/pay"><label>QR payload<br><textarea name="payload" rows="5" required></textarea></label>
<p><button type="submit">Pay</button></p></form>`,
  });
}
