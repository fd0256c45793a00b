import type { TDepositLookup } from '@jetton/contract/lookup';
import { escapeHtml as esc } from '../../../http/html.ts';
import { formatMinor, sandboxPage } from '../../../sandbox/sandbox-page.ts';
import type { SimulatedTransfer } from './bank-store.ts';

/** The site account's statement as its bank shows it: every transfer made at the sandbox bank into it, newest first. */
export function statementPage(
  accounts: TDepositLookup['banks'],
  site: TDepositLookup['banks'][number] | undefined,
  lines: SimulatedTransfer[],
): string {
  const tabs = accounts
    .map(
      (a) =>
        `<a href="/sandbox/bank/statement?account=${encodeURIComponent(a.bankAccountNo)}">${esc(`${a.bankCode} ${a.bankAccountNo} (${a.mode})`)}</a>`,
    )
    .join(' · ');
  const rows = lines
    .map(
      (t) =>
        `<tr><td>${esc(t.time.toISOString())}</td><td><code>${esc(t.transRef)}</code></td><td>${esc(`${t.sender.bank} ${t.sender.account}`)}</td><td>${esc(t.sender.name)}</td><td>${esc(formatMinor(t.amount))}</td></tr>`,
    )
    .join('');
  return sandboxPage({
    title: `Statement: ${site ? `${site.bankCode} ${site.bankAccountNo}` : 'no account'}`,
    note: 'Sandbox bank: nothing here is real money. The site reads this statement through the statement API (AUTO accounts).',
    body: `<p>${tabs}</p>
<p><a href="/sandbox/bank">Make a transfer</a></p>
<table><caption>Incoming transfers</caption><thead><tr><th>Time</th><th>Reference</th><th>From</th><th>Name</th><th>Amount</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No transfer yet.</td></tr>'}</tbody></table>`,
  });
}
