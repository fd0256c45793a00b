import { generate } from 'promptparse';
import { ProviderError } from '../games/game-provider.ts';
import { providerRequest } from '../games/provider-http.ts';
import { bankCodeOf, bankNumberOf } from './bank-codes.ts';
import { BankUnavailableError, type BankParty, type BankTransaction, type BankVerification } from './bank-verification.ts';
import {
  bahtToMinor,
  EASYSLIP_ACCOUNT_ERRORS,
  EASYSLIP_VERIFY_PATH,
  ZEasySlipError,
  ZEasySlipSuccess,
  type EasySlipData,
  type EasySlipErrorCode,
} from './easyslip-protocol.ts';

/**
 * Slip verification through EasySlip's API v1 (docs/deposits.md, "EasySlip"): GET
 * `<base>/verify?payload=<mini QR>&checkDuplicate=true` with `Authorization: Bearer <key>`.
 *
 * How its answers map onto the verifier's (which then decides the slip reason):
 * - 200 and `duplicate_slip` (400, with the slip's data): the transfer. A duplicate is not a
 *   refusal here, because our own retry after a lost answer is one too; the ledger's reference
 *   (the transRef) credits a transfer once and answers SLIP_REFNO_DUPLICATED for any other slip.
 * - `slip_not_found`, `qrcode_not_found`: no such transfer (INVALID_SLIP).
 * - `invalid_payload`: unavailable (below). The payload's checksum was right, so the member is not
 *   refused for EasySlip's reading of it; past the attempts an operator decides.
 * - account errors (`unauthorized`, `quota_exceeded`, `application_expired`, ...), 5xx, 429,
 *   timeouts and garbled bodies: BankUnavailableError, so the slip is retried and, past the
 *   attempts, left to an operator (UNKNOW_ERROR on the money desk), never refused or credited.
 * The key goes in the header only: never in a URL or a message.
 */
export function createEasySlipVerification(deps: {
  baseUrl: () => string;
  apiKey: () => string;
  timeoutMs?: number;
  signal?: AbortSignal;
}): BankVerification {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  return {
    async getTransaction({ transRef, sendingBank }) {
      const payload = slipPayload(transRef, sendingBank);
      if (!payload) return undefined;
      const query = new URLSearchParams({ payload, checkDuplicate: 'true' });
      let response;
      try {
        response = await providerRequest(`${deps.baseUrl()}${EASYSLIP_VERIFY_PATH}?${query.toString()}`, {
          method: 'GET',
          headers: { authorization: `Bearer ${deps.apiKey()}` },
          timeoutMs,
          signal: deps.signal,
        });
      } catch (error) {
        if (error instanceof ProviderError) throw new BankUnavailableError(`easyslip: ${error.kind}`);
        throw error;
      }
      if (response.status === 200) {
        const ok = ZEasySlipSuccess.safeParse(response.body);
        if (!ok.success) throw new BankUnavailableError('easyslip: 200 with an answer that is not a slip');
        return toTransaction(ok.data.data);
      }
      const error = ZEasySlipError.safeParse(response.body);
      const code = error.success ? (error.data.message as EasySlipErrorCode) : undefined;
      if (code === 'duplicate_slip' && error.data?.data) return toTransaction(error.data.data);
      if (code === 'slip_not_found' || code === 'qrcode_not_found') return undefined;
      // Our payload passed its CRC before it was sent: a refusal of it is a disagreement for a person, not the member's fault.
      if (code === 'invalid_payload') throw new BankUnavailableError('easyslip: invalid_payload for a payload whose checksum is right');
      if (code && EASYSLIP_ACCOUNT_ERRORS.includes(code))
        throw new BankUnavailableError(`easyslip: ${code} (the operator's EasySlip account needs attention)`);
      throw new BankUnavailableError(`easyslip: HTTP ${response.status}${code ? ` ${code}` : ''}`);
    },
  };
}

/**
 * The slip's mini QR text, rebuilt from what the site keeps of it (the reference and the sending
 * bank): the same tags and checksum the bank printed, so an operator's later check of a slip
 * asks EasySlip the same question the verifier did.
 */
export function slipPayload(transRef: string, sendingBank: string): string | undefined {
  const number = /^[0-9]{3}$/.test(sendingBank) ? sendingBank : bankNumberOf(sendingBank);
  if (!number || !/^[A-Za-z0-9]{1,40}$/.test(transRef)) return undefined;
  return generate.slipVerify({ sendingBank: number, transRef });
}

function toTransaction(d: EasySlipData): BankTransaction {
  const amount = bahtToMinor(d.amount.amount);
  if (amount === undefined) throw new BankUnavailableError('easyslip: an amount finer than a satang');
  return { transRef: d.transRef, amount, sender: party(d.sender), receiver: party(d.receiver), time: new Date(d.date) };
}

/**
 * A party as the verifier compares it: our letter bank code (from the 3-digit id, else the short
 * name), the account as printed (masked digits stay `x`; a PromptPay proxy leaves it empty, which
 * matches no deposit account), the English name when given.
 */
function party(p: EasySlipData['sender']): BankParty {
  const byNumber = p.bank.id ? bankCodeOf(p.bank.id) : undefined;
  const byShort = p.bank.short && bankNumberOf(p.bank.short) ? p.bank.short : undefined;
  const account = p.account.bank?.type === 'BANKAC' ? p.account.bank.account : '';
  return { bank: byNumber ?? byShort ?? p.bank.short ?? '', account, name: p.account.name.en ?? p.account.name.th ?? '' };
}
