import type { TDepositLookup } from '@jetton/contract/lookup';
import { formatMinor } from '../../games/demo-provider/demo-pages.ts';
import type { SimulatedTransfer } from './bank-store.ts';

const esc = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
label{display:block;margin:.6rem 0}input,select{font:inherit;padding:.3rem;width:100%;box-sizing:border-box}
fieldset{border:1px solid #ccc;border-radius:.4rem;margin:1rem 0}button{font:inherit;padding:.5rem 1rem}
img{max-width:100%;border:1px solid #ddd}.error{color:#b00020}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · sandbox bank</title><style>${STYLE}</style></head><body>${body}
<p><small>Sandbox bank: nothing here is real money.</small></p></body></html>`;
}

/** The transfer form: a person sends money from any account to one of the site's deposit accounts (or elsewhere). */
export function transferFormPage(deposit: TDepositLookup, senderBanks: readonly string[], now: string, error?: string): string {
  const accounts = deposit.banks
    .map((b) => `<option value="${esc(`${b.bankCode}|${b.bankAccountNo}|${b.bankAccountName}`)}">${esc(`${b.bankCode} ${b.bankAccountNo} ${b.bankAccountName} (${b.currency})`)}</option>`)
    .join('');
  const banks = senderBanks.map((code) => `<option>${esc(code)}</option>`).join('');
  return layout(
    'Make a transfer',
    `<h1>Sandbox bank: make a transfer</h1>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<p>Send money to the site's deposit account, then download the slip and upload it on the site.</p>
<form method="post" action="/sandbox/bank/transfers">
<fieldset><legend>From (your registered bank account)</legend>
<label>Bank <select name="senderBank">${banks}</select></label>
<label>Account number <input name="senderAccount" inputmode="numeric" required></label>
<label>Name <input name="senderName" required></label></fieldset>
<fieldset><legend>To</legend>
<label>Deposit account <select name="receiver">${accounts}<option value="OTHER|0000000000|SOMEONE ELSE">Someone else (not the site)</option></select></label></fieldset>
<label>Amount (THB) <input name="amount" inputmode="decimal" required placeholder="100.00"></label>
<label>Time (ISO, empty = now) <input name="time" placeholder="${esc(now)}"></label>
<button type="submit">Transfer</button></form>`,
  );
}

export function transferDonePage(t: SimulatedTransfer): string {
  const slip = `/sandbox/bank/transfers/${encodeURIComponent(t.transRef)}/slip.png`;
  return layout(
    'Transfer done',
    `<h1>Transfer done</h1><p>${esc(formatMinor(t.amount))} from ${esc(t.sender.bank)} ${esc(t.sender.account)} to ${esc(t.receiver.bank)} ${esc(t.receiver.account)}, reference <code>${esc(t.transRef)}</code>.</p>
<p><a href="${slip}?download=1">Download the slip</a> · <a href="/sandbox/bank">Another transfer</a></p>
<img src="${slip}" alt="Transfer slip ${esc(t.transRef)}" width="480" height="760">`,
  );
}
