import type { FastifyInstance } from 'fastify';
import { generate } from 'promptparse';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import type { TDepositLookup } from '@jetton/contract/lookup';
import { DECIMAL_TEXT, decimalToMinor } from '@jetton/contract/money';
import type { Clock } from '../../../clock.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { BANK_SANDBOX_PATH, keyMatches } from '../../party-keys.ts';
import { formatMinor, isFormPost, prepareSimulatorScope, sendPage } from '../../../sandbox/sandbox-page.ts';
import { bankNumberOf, THAI_BANK_CODES } from '../bank-codes.ts';
import { createBankStore, type BankStore, type SimulatedTransfer } from './bank-store.ts';
import { MEMBER_SENDER_FIELD, transferDonePage, transferFormPage, type SenderAccount } from './bank-pages.ts';
import { statementPage } from './statement-page.ts';
import { renderSlipPng } from './slip-image.ts';

/** Decimal text -> minor units without a float ("100", "100.5", "100.50"). */
const ZMinorText = text()
  .trim()
  .regex(DECIMAL_TEXT)
  .transform(decimalToMinor)
  .refine((minor) => minor > 0n);
const ZParty = z.object({ bank: text().min(1).max(16), account: text().regex(/^[0-9]{6,15}$/), name: text().min(1).max(80) });
const ZTransferJson = z.object({
  amount: z.union([z.number().transform(String), text()]).pipe(ZMinorText),
  sender: ZParty,
  receiver: ZParty,
  time: z.iso.datetime({ offset: true }).optional(),
});
const ZTransferForm = z.object({
  amount: ZMinorText,
  senderBank: text().max(16),
  senderAccount: text().max(32).optional(),
  senderName: text().max(120).optional(),
  [MEMBER_SENDER_FIELD]: text().max(200).optional(),
  receiver: text().max(64),
  time: text().max(40).optional(),
});
const ZRef = z.object({ transRef: text().regex(/^[A-Za-z0-9]{1,40}$/) });
const ZStatementQuery = z.object({
  bank: text().max(16),
  account: text().max(40),
  cursor: text()
    .regex(/^[0-9]{0,15}$/)
    .default(''),
});
const ZStatementFaults = z.object({ hold: z.boolean(), duplicate: z.boolean(), reverse: z.boolean() }).partial();

/**
 * The sandbox bank (SANDBOX=on only): people (a form page) and tests (JSON)
 * make transfers and download a realistic slip PNG carrying the slip
 * verification mini QR; the site's verifier asks its API about a reference.
 */
export async function registerBankSimulator(
  app: FastifyInstance,
  deps: {
    clock: Clock;
    /** The site's deposit accounts, offered as receivers on the transfer form (a port: the site's lookup, injected). */
    siteAccounts: () => Promise<TDepositLookup['banks']>;
    apiKey: string;
    /** Members' registered accounts, offered as senders (a port: the sandbox wing reads the site's members). */
    memberAccounts?: () => Promise<SenderAccount[]>;
  },
): Promise<BankStore> {
  const senders = () => deps.memberAccounts?.() ?? Promise.resolve([]);
  listOnSandboxIndex(app, {
    path: BANK_SANDBOX_PATH,
    title: 'Bank',
    about: "Make a transfer to the site's deposit account and download its slip (with a real slip-verification QR) to upload on the site.",
  });
  const store = createBankStore();
  // Fault control for tests: the verification API answers 503 while set.
  let unavailable = false;
  // Statement faults (docs/sandbox.md, "Bank"): lines held back (late), each page repeating the
  // line before its cursor (duplicates), pages newest first (out of order).
  const statementFaults = { hold: false, duplicate: false, reverse: false };

  function record(input: { amount: bigint; sender: SimulatedTransfer['sender']; receiver: SimulatedTransfer['receiver']; time?: Date }) {
    const sendingBank = bankNumberOf(input.sender.bank);
    if (!sendingBank) return undefined;
    const time = input.time ?? deps.clock.now();
    const transRef = store.newReference(time);
    const transfer: SimulatedTransfer = {
      ...input,
      time,
      transRef,
      sendingBank,
      qrPayload: generate.slipVerify({ sendingBank, transRef }),
    };
    store.add(transfer);
    return transfer;
  }
  const view = (t: SimulatedTransfer) => ({
    transRef: t.transRef,
    sendingBank: t.sendingBank,
    qrPayload: t.qrPayload,
    slipUrl: `${BANK_SANDBOX_PATH}/transfers/${t.transRef}/slip.png`,
  });

  await app.register(
    (bank, _options, done) => {
      prepareSimulatorScope(bank);
      bank.get('/', async (_request, reply) =>
        sendPage(reply, transferFormPage(await deps.siteAccounts(), THAI_BANK_CODES, deps.clock.now().toISOString(), await senders())),
      );

      bank.post('/transfers', async (request, reply) => {
        if (isFormPost(request)) {
          const form = ZTransferForm.safeParse(request.body);
          const [rBank = '', rAccount = '', rName = ''] = (form.data?.receiver ?? '').split('|');
          const time = form.data?.time ? new Date(form.data.time) : undefined;
          const sender = form.data ? senderOf(form.data) : undefined;
          const transfer =
            form.success && sender && (!time || !Number.isNaN(time.getTime()))
              ? record({
                  amount: form.data.amount,
                  sender,
                  receiver: { bank: rBank, account: rAccount, name: rName },
                  ...(time ? { time } : {}),
                })
              : undefined;
          if (!transfer) {
            const page = transferFormPage(
              await deps.siteAccounts(),
              THAI_BANK_CODES,
              deps.clock.now().toISOString(),
              await senders(),
              'Check the amount, the account and the time.',
            );
            return sendPage(reply, page, 400);
          }
          return reply.redirect(`${BANK_SANDBOX_PATH}/transfers/${transfer.transRef}`, 303);
        }
        const body = ZTransferJson.safeParse(request.body);
        if (!body.success) return reply.status(400).send({ message: 'KEY_INVALID' });
        const { time, ...rest } = body.data;
        const transfer = record({ ...rest, ...(time ? { time: new Date(time) } : {}) });
        if (!transfer) return reply.status(400).send({ message: 'INVALID_BANK' });
        return reply.status(201).send(view(transfer));
      });

      bank.get('/transfers/:transRef', (request, reply) => {
        const transfer = store.get(ZRef.parse(request.params).transRef);
        if (!transfer) return reply.status(404).send({ message: 'NO_DATA' });
        return sendPage(reply, transferDonePage(transfer));
      });

      bank.get('/transfers/:transRef/slip.png', (request, reply) => {
        const { transRef } = ZRef.parse(request.params);
        const t = store.get(transRef);
        if (!t) return reply.status(404).send({ message: 'NO_DATA' });
        const png = renderSlipPng({
          bankName: `${t.sender.bank} BANK`,
          amount: formatMinor(t.amount),
          time: t.time.toISOString().replace('T', ' ').slice(0, 19),
          sender: t.sender,
          receiver: { ...t.receiver, account: maskAccount(t.receiver.account) },
          transRef: t.transRef,
          qrPayload: t.qrPayload,
        });
        const download = (request.query as { download?: string }).download === '1';
        return reply
          .type('image/png')
          .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="slip-${transRef}.png"`)
          .send(png);
      });

      bank.post('/faults', (request) => {
        unavailable = z.object({ unavailable: z.boolean() }).parse(request.body).unavailable;
        return { unavailable };
      });

      bank.post('/statement-faults', (request) => {
        Object.assign(statementFaults, ZStatementFaults.parse(request.body));
        return statementFaults;
      });

      bank.get('/statement', async (request, reply) => {
        const accounts = await deps.siteAccounts();
        const { account } = z.object({ account: text().max(40).optional() }).parse(request.query);
        const site = accounts.find((a) => a.bankAccountNo === account) ?? accounts[0];
        const lines = site ? store.incoming(site.bankCode, site.bankAccountNo, 0, 10_000).reverse().slice(0, 200) : [];
        return sendPage(reply, statementPage(accounts, site, lines));
      });

      // The statement API: incoming transfers of one account after a cursor (the statement position).
      bank.get('/api/statement', (request, reply) => {
        if (!keyMatches(deps.apiKey, request.headers['x-api-key'])) return reply.status(401).send({ message: 'UNAUTHORIZED' });
        if (unavailable) return reply.status(503).send({ message: 'UNAVAILABLE' });
        const q = ZStatementQuery.parse(request.query);
        const after = Number(q.cursor || '0');
        if (statementFaults.hold) return { lines: [], cursor: q.cursor };
        const page = store.incoming(q.bank, q.account, Math.max(0, statementFaults.duplicate ? after - 1 : after), 100);
        const cursor = String(page.at(-1)?.seq ?? after);
        const lines = page.map((t) => ({
          transRef: t.transRef,
          amount: t.amount.toString(),
          time: t.time.toISOString(),
          sender: t.sender,
        }));
        return { lines: statementFaults.reverse ? lines.reverse() : lines, cursor };
      });

      // The verification API: what the bank recorded for a reference.
      bank.get('/api/transactions/:transRef', (request, reply) => {
        if (!keyMatches(deps.apiKey, request.headers['x-api-key'])) return reply.status(401).send({ message: 'UNAUTHORIZED' });
        if (unavailable) return reply.status(503).send({ message: 'UNAVAILABLE' });
        const t = store.get(ZRef.parse(request.params).transRef);
        if (!t) return reply.status(404).send({ message: 'NO_DATA' });
        return { transRef: t.transRef, amount: t.amount.toString(), sender: t.sender, receiver: t.receiver, time: t.time.toISOString() };
      });
      done();
    },
    { prefix: BANK_SANDBOX_PATH },
  );
  return store;
}

/** Slips print the receiver's account partly hidden, as Thai bank apps do. */
function maskAccount(account: string): string {
  return account.length > 4 ? `XXX-X-${account.slice(-5, -1)}-X` : account;
}

/** The sender of a form transfer: a chosen member's account, else the typed one (both parts needed). */
function senderOf(form: z.infer<typeof ZTransferForm>): { bank: string; account: string; name: string } | undefined {
  const [bank = '', account = '', name = ''] = (form[MEMBER_SENDER_FIELD] ?? '').split('|');
  if (bank && account) return { bank, account, name: name.toUpperCase() };
  const typed = form.senderAccount?.replace(/\D/g, '') ?? '';
  if (!typed || !form.senderName) return undefined;
  return { bank: form.senderBank, account: typed, name: form.senderName.toUpperCase() };
}
