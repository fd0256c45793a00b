import type { TDepositLookup } from '@jetton/contract/lookup';
import { escapeHtml as esc } from '../../../http/html.ts';
import { formatMinor, sandboxPage } from '../../../sandbox/sandbox-page.ts';
import type { SimulatedTransfer } from './bank-store.ts';

const NOTE = 'Sandbox bank: nothing here is real money.';

/** A member's registered account, offered as a sender (the sandbox wing reads them from the site's members). */
export type SenderAccount = { phone: string; bank: string; account: string; name: string };

/** The field that carries a chosen member's account (`bank|account|name`); empty: the typed fields. */
export const MEMBER_SENDER_FIELD = 'member';

/**
 * The transfer form: a person sends money from a member's registered account
 * or any account typed in, to one of the site's deposit accounts (or elsewhere).
 */
export function transferFormPage(
  siteAccounts: TDepositLookup['banks'],
  senderBanks: readonly string[],
  now: string,
  members: readonly SenderAccount[],
  error?: string,
): string {
  const accounts = siteAccounts
    .map(
      (b) =>
        `<option value="${esc(`${b.bankCode}|${b.bankAccountNo}|${b.bankAccountName}`)}">${esc(`${b.bankCode} ${b.bankAccountNo} ${b.bankAccountName} (${b.currency})`)}</option>`,
    )
    .join('');
  const banks = senderBanks.map((code) => `<option>${esc(code)}</option>`).join('');
  const senders = members
    .map(
      (m) => `<option value="${esc(`${m.bank}|${m.account}|${m.name}`)}">${esc(`${m.phone} · ${m.bank} ${m.account} ${m.name}`)}</option>`,
    )
    .join('');
  return sandboxPage({
    title: 'Sandbox bank: make a transfer',
    note: NOTE,
    body: `${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<p>Send money to the site's deposit account, then download the slip and upload it on the site.</p>
<form method="post" action="/sandbox/bank/transfers">
<fieldset><legend>From (your registered bank account)</legend>
<label>A member's registered account <select name="${MEMBER_SENDER_FIELD}"><option value="">None: the account typed below</option>${senders}</select></label>
<label>Bank <select name="senderBank">${banks}</select></label>
<label>Account number <input name="senderAccount" inputmode="numeric"></label>
<label>Name <input name="senderName"></label></fieldset>
<fieldset><legend>To</legend>
<label>Deposit account <select name="receiver">${accounts}<option value="OTHER|0000000000|SOMEONE ELSE">Someone else (not the site)</option></select></label></fieldset>
<label>Amount (THB) <input name="amount" inputmode="decimal" required placeholder="100.00"></label>
<label>Time (ISO, empty = now) <input name="time" placeholder="${esc(now)}"></label>
<button type="submit">Transfer</button></form>
<p>Withdrawals leave through the bank's <a href="/sandbox/bank/payouts">payout API</a>.</p>`,
  });
}

export function transferDonePage(t: SimulatedTransfer): string {
  const slip = `/sandbox/bank/transfers/${encodeURIComponent(t.transRef)}/slip.png`;
  return sandboxPage({
    title: 'Transfer done',
    note: NOTE,
    body: `<p>${esc(formatMinor(t.amount))} from ${esc(t.sender.bank)} ${esc(t.sender.account)} to ${esc(t.receiver.bank)} ${esc(t.receiver.account)}, reference <code>${esc(t.transRef)}</code>.</p>
<p><a href="${slip}?download=1">Download the slip</a> · <a href="/sandbox/bank">Another transfer</a></p>
<img src="${slip}" alt="Transfer slip ${esc(t.transRef)}" width="480" height="760">`,
  });
}
