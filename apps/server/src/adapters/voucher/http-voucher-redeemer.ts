import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { DECIMAL_TEXT, decimalToMinor } from '@jetton/contract/money';
import { ProviderError } from '../games/game-provider.ts';
import { providerRequest } from '../games/provider-http.ts';
import { VOUCHER_FAILURES, VoucherUnavailableError, type VoucherAnswer, type VoucherRedeemer } from './voucher-redeemer.ts';

/** "100.00" (what TrueMoney answers) -> minor units, without a float. */
const ZBaht = text().regex(DECIMAL_TEXT).transform(decimalToMinor);

const ZAnswer = z.object({
  status: z.object({ code: text() }),
  data: z
    .object({
      voucher: z.object({ amount_baht: ZBaht }).optional(),
      my_ticket: z.object({ amount_baht: ZBaht }).nullish(),
    })
    .nullish(),
});

/**
 * TrueMoney's voucher API shape: GET `<base>/campaign/vouchers/{hash}/verify?mobile=`
 * and POST `<base>/campaign/vouchers/{hash}/redeem` {mobile, voucher_hash}.
 * The built-in simulator answers under /sandbox/voucher.
 */
export function createHttpVoucherRedeemer(deps: { baseUrl: () => string; timeoutMs?: number; signal?: AbortSignal }): VoucherRedeemer {
  const timeoutMs = deps.timeoutMs ?? 10_000;

  async function ask(method: 'GET' | 'POST', path: string, body?: unknown): Promise<VoucherAnswer> {
    let response;
    try {
      response = await providerRequest(`${deps.baseUrl()}${path}`, {
        method,
        timeoutMs,
        signal: deps.signal,
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      if (error instanceof ProviderError) throw new VoucherUnavailableError(error.message);
      throw error;
    }
    const parsed = ZAnswer.safeParse(response.body);
    if (!parsed.success || response.status >= 500) throw new VoucherUnavailableError(`voucher API answered ${response.status}`);
    const code = parsed.data.status.code;
    const mine = parsed.data.data?.my_ticket?.amount_baht;
    if (code === 'SUCCESS') {
      const amount = mine ?? parsed.data.data?.voucher?.amount_baht;
      if (amount === undefined) throw new VoucherUnavailableError('SUCCESS without an amount');
      return { status: 'SUCCESS', amount };
    }
    const failure = VOUCHER_FAILURES.find((f) => f === code);
    if (!failure) throw new VoucherUnavailableError(`unknown voucher status ${code}`);
    return mine === undefined ? { status: failure } : { status: failure, amount: mine };
  }

  return {
    verify: ({ hash, mobile }) => ask('GET', `/campaign/vouchers/${encodeURIComponent(hash)}/verify?mobile=${encodeURIComponent(mobile)}`),
    redeem: ({ hash, mobile }) => ask('POST', `/campaign/vouchers/${encodeURIComponent(hash)}/redeem`, { mobile, voucher_hash: hash }),
  };
}
