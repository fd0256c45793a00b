import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDepositLookup } from '@jetton/contract/lookup';
import { DECIMAL_TEXT, decimalToMinor } from '@jetton/contract/money';
import { text } from '@jetton/contract/text';
import type { Clock } from '../../../clock.ts';
import { escapeHtml as esc } from '../../../http/html.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { isFormPost, prepareSimulatorScope, sandboxPage, sendPage } from '../../../sandbox/sandbox-page.ts';
import { FORWARDER_SIGNATURE_HEADER, FORWARDER_TIMESTAMP_HEADER, signForwarded, SMS_WEBHOOK_PATH } from '../forwarder-signature.ts';
import { composeCreditSms, SMS_BANKS } from './compose-sms.ts';

export const SMS_FORWARDER_SANDBOX_PATH = '/sandbox/sms-forwarder';

const ZSend = z.object({
  deviceId: text().trim().max(64),
  secret: text().trim().max(200),
  site: text().max(64),
  senderBank: text().max(16),
  senderAccount: text()
    .trim()
    .regex(/^[0-9]{6,20}$/),
  senderName: text().trim().min(1).max(80),
  amount: text().trim().regex(DECIMAL_TEXT),
  /** Fault controls: the same SMS forwarded this many times; the SMS time this many minutes ago (late). */
  repeat: z.coerce.number().int().min(1).max(5).default(1),
  lateMinutes: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(0),
});

/** A member's registered account, offered as the sender (`bank|account|name`). */
type SenderAccount = { phone: string; bank: string; account: string; name: string };
/** A device already registered for one site account: the form starts filled with it. */
type KnownDevice = { id: string; secret: string; siteBank: string; siteAccount: string };

type SmsForwarderDeps = {
  clock: Clock;
  siteAccounts: () => Promise<TDepositLookup['banks']>;
  siteUrl: () => string;
  memberAccounts?: () => Promise<SenderAccount[]>;
  device?: KnownDevice;
};

/** A member picked from the list stands for the typed sender fields. */
function withMember(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const fields = body as Record<string, unknown>;
  if (typeof fields.member !== 'string' || fields.member === '') return body;
  const [senderBank, senderAccount, ...name] = fields.member.split('|');
  return { ...fields, senderBank, senderAccount, senderName: name.join('|') };
}

/**
 * The sandbox phone with an SMS-forwarder app (SANDBOX=on only): a person (or a
 * test) composes the credit SMS the site account's bank would send, in that
 * bank's layout, and the "app" forwards it to the site's webhook, signed with
 * the device's secret (registered in the back office), exactly as a real
 * forwarder would. It knows the site only through HTTP and the injected accounts.
 */
export async function registerSmsForwarderSimulator(app: FastifyInstance, deps: SmsForwarderDeps): Promise<void> {
  listOnSandboxIndex(app, {
    path: SMS_FORWARDER_SANDBOX_PATH,
    title: 'SMS forwarder',
    about: "A phone holding a site account's SIM: compose the bank's credit SMS and forward it, signed, to the site.",
  });
  let sequence = 0;

  async function forward(input: z.infer<typeof ZSend>) {
    const [siteBank = '', siteAccount = ''] = input.site.split('|');
    const at = new Date(deps.clock.now().getTime() - input.lateMinutes * 60_000);
    const sms = composeCreditSms({
      siteBank,
      siteAccount,
      amount: decimalToMinor(input.amount),
      at,
      sender: { bank: input.senderBank, account: input.senderAccount, name: input.senderName.toUpperCase() },
      reference: `FT${at.getTime()}${++sequence}`,
    });
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < input.repeat; i++) {
      const body = JSON.stringify({ from: siteBank, text: sms, receivedAt: at.toISOString() });
      const timestamp = String(deps.clock.now().getTime() + i);
      const res = await fetch(`${deps.siteUrl()}${SMS_WEBHOOK_PATH.replace(':id', encodeURIComponent(input.deviceId))}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [FORWARDER_TIMESTAMP_HEADER]: timestamp,
          [FORWARDER_SIGNATURE_HEADER]: signForwarded(input.secret, timestamp, body),
        },
        body,
      });
      const answer: unknown = await res.json().catch(() => null);
      answers.push({ status: res.status, body: answer });
    }
    return { sms, answers };
  }

  await app.register(
    (phone, _options, done) => {
      prepareSimulatorScope(phone);
      const page = async (error?: string) => formPage(await deps.siteAccounts(), (await deps.memberAccounts?.()) ?? [], deps.device, error);
      phone.get('/', async (_request, reply) => sendPage(reply, await page()));
      phone.post('/send', async (request, reply) => {
        const input = ZSend.safeParse(withMember(request.body));
        if (!input.success) {
          if (isFormPost(request)) return sendPage(reply, await page('Check every field.'), 400);
          return reply.status(400).send({ message: 'KEY_INVALID' });
        }
        const result = await forward(input.data);
        if (!isFormPost(request)) return result;
        const answers = result.answers.map((a) => `<li>${a.status} <code>${esc(JSON.stringify(a.body))}</code></li>`).join('');
        return sendPage(
          reply,
          sandboxPage({
            title: 'SMS forwarded',
            body: `<p>The phone received:</p><blockquote lang="th">${esc(result.sms)}</blockquote><p>The site answered:</p><ul>${answers}</ul><p><a href="${SMS_FORWARDER_SANDBOX_PATH}">Another SMS</a></p>`,
          }),
        );
      });
      done();
    },
    { prefix: SMS_FORWARDER_SANDBOX_PATH },
  );
}

function formPage(accounts: TDepositLookup['banks'], members: readonly SenderAccount[], device?: KnownDevice, error?: string): string {
  const sites = accounts
    .filter((a) => (SMS_BANKS as readonly string[]).includes(a.bankCode))
    .map((a) => {
      const value = `${a.bankCode}|${a.bankAccountNo}`;
      const chosen = device && value === `${device.siteBank}|${device.siteAccount}` ? ' selected' : '';
      return `<option value="${esc(value)}"${chosen}>${esc(`${a.bankCode} ${a.bankAccountNo} (${a.mode})`)}</option>`;
    })
    .join('');
  const banks = ['KBANK', 'SCB', 'KTB', 'BBL', 'BAY', 'GSB', 'TMB', 'BCEL', 'LDB'].map((b) => `<option>${b}</option>`).join('');
  const senders = members
    .map(
      (m) => `<option value="${esc(`${m.bank}|${m.account}|${m.name}`)}">${esc(`${m.phone} · ${m.bank} ${m.account} ${m.name}`)}</option>`,
    )
    .join('');
  const known = device
    ? `<p>Filled in: the demo's registered phone for ${esc(`${device.siteBank} ${device.siteAccount}`)}. Another device: paste its id and secret.</p>`
    : '';
  return sandboxPage({
    title: 'Sandbox phone: forward a credit SMS',
    note: 'Sandbox: nothing here is real money. Register a device in the back office (SMS forwarders) and paste its id and secret.',
    body: `${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}${known}
<form method="post" action="${SMS_FORWARDER_SANDBOX_PATH}/send">
<fieldset><legend>The forwarder app</legend>
<label>Device id <input name="deviceId" required value="${esc(device?.id ?? '')}"></label>
<label>Secret <input name="secret" required autocomplete="off" value="${esc(device?.secret ?? '')}"></label></fieldset>
<fieldset><legend>The SMS the site account's bank sends</legend>
<label>Site account <select name="site">${sites}</select></label>
<label>A member's registered account <select name="member"><option value="">None: the account typed below</option>${senders}</select></label>
<label>From bank <select name="senderBank">${banks}</select></label>
<label>From account <input name="senderAccount" inputmode="numeric"></label>
<label>Sender name <input name="senderName"></label>
<label>Amount <input name="amount" inputmode="decimal" required placeholder="100.00"></label></fieldset>
<fieldset><legend>Faults</legend>
<label>Forward it this many times <input name="repeat" type="number" min="1" max="5" value="1"></label>
<label>SMS time, minutes ago (late) <input name="lateMinutes" type="number" min="0" value="0"></label></fieldset>
<button type="submit">Forward</button></form>`,
  });
}
