import type { FastifyInstance, FastifyReply } from 'fastify';
import { validate } from 'promptparse';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { escapeHtml as esc } from '../../../http/html.ts';
import { listOnSandboxIndex } from '../../../sandbox/sandbox-index.ts';
import { prepareSimulatorScope, sandboxPage, sendPage } from '../../../sandbox/sandbox-page.ts';
import { EASYSLIP_SANDBOX_PATH, keyMatches } from '../../party-keys.ts';
import { bankNumberOf } from '../bank-codes.ts';
import type { BankParty } from '../bank-verification.ts';
import { EASYSLIP_ERRORS, EASYSLIP_VERIFY_PATH, type EasySlipData, type EasySlipErrorCode } from '../easyslip-protocol.ts';
import type { BankStore, SimulatedTransfer } from './bank-store.ts';

/** What a test or a person can make the next answers be (docs/sandbox.md, "EasySlip"). */
const FAULTS = [
  'none',
  'unauthorized',
  'quota_exceeded',
  'application_expired',
  'duplicate',
  'server_error',
  'rate_limited',
  'timeout',
  'malformed',
] as const;
const ZFaults = z.object({
  fault: z.enum(FAULTS),
  /** How many answers carry the fault; then it clears itself. Unset: until changed. */
  times: z.number().int().min(1).max(1_000).optional(),
  /** How long a `timeout` answer is held back. */
  holdMs: z.number().int().min(0).max(60_000).optional(),
});
const ZQuery = z.object({ payload: text().min(1).max(255), checkDuplicate: z.enum(['true', 'false']).optional() });

/**
 * EasySlip's API v1 played by the sandbox bank (SANDBOX=on only): the same path, bearer key,
 * answer and error bodies and statuses as the published documentation, over the transfers the
 * sandbox bank made. `checkDuplicate=true` answers `duplicate_slip` (with the data) for a slip it
 * already verified, as the real service does.
 */
export async function registerEasySlipSimulator(app: FastifyInstance, deps: { store: BankStore; apiKey: string }): Promise<void> {
  const state: { fault: (typeof FAULTS)[number]; left: number | undefined; holdMs: number } = {
    fault: 'none',
    left: undefined,
    holdMs: 15_000,
  };
  const verified = new Set<string>();
  listOnSandboxIndex(app, {
    path: EASYSLIP_SANDBOX_PATH,
    title: 'EasySlip (slip verification)',
    about: "EasySlip's API v1 over the sandbox bank's transfers, with its documented errors as faults.",
  });

  const fail = (reply: FastifyReply, code: EasySlipErrorCode, data?: EasySlipData) =>
    reply.status(EASYSLIP_ERRORS[code]).send({ status: EASYSLIP_ERRORS[code], message: code, ...(data ? { data } : {}) });

  /** The fault for this answer, counting it down. */
  function takeFault(): (typeof FAULTS)[number] {
    const fault = state.fault;
    if (fault !== 'none' && state.left !== undefined && --state.left <= 0) Object.assign(state, { fault: 'none', left: undefined });
    return fault;
  }

  await app.register(
    (scope, _options, done) => {
      prepareSimulatorScope(scope);
      scope.get('/', (_request, reply) => sendPage(reply, page(state.fault)));
      scope.post('/faults', (request) => {
        const body = ZFaults.parse(request.body);
        Object.assign(state, { fault: body.fault, left: body.times, holdMs: body.holdMs ?? 15_000 });
        return { fault: state.fault, times: state.left ?? null };
      });

      scope.get(`/api/v1${EASYSLIP_VERIFY_PATH}`, async (request, reply) => {
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        if (!keyMatches(deps.apiKey, bearer)) return fail(reply, 'unauthorized');
        const fault = takeFault();
        if (fault === 'timeout') await new Promise((resolve) => setTimeout(resolve, state.holdMs));
        if (fault === 'unauthorized' || fault === 'quota_exceeded' || fault === 'application_expired') return fail(reply, fault);
        if (fault === 'server_error') return fail(reply, 'server_error');
        if (fault === 'rate_limited') return reply.status(429).send({ status: 429, message: 'too_many_requests' });
        if (fault === 'malformed') return reply.status(200).type('application/json').send('{"status":200,"data":{"transRef":');
        const query = ZQuery.safeParse(request.query);
        const parsed = query.success ? validate.slipVerify(query.data.payload) : undefined;
        if (!query.success || !parsed) return fail(reply, 'invalid_payload');
        const transfer = deps.store.get(parsed.transRef);
        if (!transfer || transfer.sendingBank !== parsed.sendingBank) return fail(reply, 'slip_not_found');
        const data = slipData(transfer, query.data.payload);
        const seen = verified.has(transfer.transRef);
        if (query.data.checkDuplicate === 'true') {
          verified.add(transfer.transRef);
          if (seen || fault === 'duplicate') return fail(reply, 'duplicate_slip', data);
        }
        return { status: 200, data };
      });
      done();
    },
    { prefix: EASYSLIP_SANDBOX_PATH },
  );
}

/** A sandbox transfer as EasySlip describes one: baht as a number, Bangkok time, masked accounts. */
function slipData(t: SimulatedTransfer, payload: string): EasySlipData {
  return {
    payload,
    transRef: t.transRef,
    date: bangkokTime(t.time),
    countryCode: 'TH',
    amount: { amount: Number(t.amount) / 100, local: { amount: 0, currency: '' } },
    fee: 0,
    ref1: '',
    ref2: '',
    ref3: '',
    sender: party(t.sender),
    receiver: party(t.receiver),
  };
}

function party(p: BankParty): EasySlipData['sender'] {
  return {
    bank: { id: bankNumberOf(p.bank) ?? '', name: p.bank, short: p.bank },
    // The sandbox bank keeps one name per account: EasySlip's Thai and English fields both carry it.
    account: { name: { th: p.name, en: p.name }, bank: { type: 'BANKAC', account: mask(p.account) } },
  };
}

/** Banks show four digits of an account: `xxx-x-x1234-x` for ten. */
function mask(account: string): string {
  const shown = account.split('').map((c, i) => (i >= account.length - 5 && i < account.length - 1 ? c : 'x'));
  const s = shown.join('');
  return account.length === 10 ? `${s.slice(0, 3)}-${s[3]}-${s.slice(4, 9)}-${s[9]}` : s;
}

function bangkokTime(time: Date): string {
  return `${new Date(time.getTime() + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
}

function page(fault: string): string {
  return sandboxPage({
    title: 'EasySlip (sandbox)',
    body: `<p>EasySlip's Developer API v1 (<code>GET ${esc(EASYSLIP_SANDBOX_PATH)}/api/v1/verify?payload=&lt;slip QR&gt;</code>, <code>Authorization: Bearer &lt;key&gt;</code>) answering from the sandbox bank's transfers. The site uses it with <code>SLIP_VERIFIER=easyslip</code>.</p>
<p>Fault now: <code>${esc(fault)}</code>. Set one with <code>POST ${esc(EASYSLIP_SANDBOX_PATH)}/faults</code> and <code>{"fault": "${FAULTS.join('" | "')}", "times": 1}</code>.</p>`,
  });
}
