import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { ProviderError } from '../games/game-provider.ts';
import { providerRequest } from '../games/provider-http.ts';
import { BankUnavailableError, type BankTransaction, type BankVerification } from './bank-verification.ts';

const ZParty = z.object({ bank: text(), account: text(), name: text() });
const ZTransaction = z.object({
  transRef: text(),
  /** Minor units as a decimal string: no float on the wire. */
  amount: text().regex(/^[0-9]{1,15}$/),
  sender: ZParty,
  receiver: ZParty,
  time: z.iso.datetime({ offset: true }),
});

/**
 * Asks the verification API over HTTP: GET `<base>/transactions/{transRef}`
 * with the API key. 404 means "no such transfer"; anything else unusable is
 * BankUnavailableError, so the verifier retries instead of refusing the slip.
 */
export function createHttpBankVerification(deps: {
  baseUrl: () => string;
  apiKey: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}): BankVerification {
  const timeoutMs = deps.timeoutMs ?? 5_000;
  return {
    async getTransaction({ transRef, sendingBank }) {
      const url = `${deps.baseUrl()}/transactions/${encodeURIComponent(transRef)}?sendingBank=${encodeURIComponent(sendingBank)}`;
      let response;
      try {
        response = await providerRequest(url, { method: 'GET', headers: { 'x-api-key': deps.apiKey }, timeoutMs, signal: deps.signal });
      } catch (error) {
        if (error instanceof ProviderError) throw new BankUnavailableError(error.message);
        throw error;
      }
      if (response.status === 404) return undefined;
      const parsed = ZTransaction.safeParse(response.body);
      if (response.status !== 200 || !parsed.success) throw new BankUnavailableError(`bank answered ${response.status}`);
      const tx = parsed.data;
      const result: BankTransaction = { ...tx, amount: BigInt(tx.amount), time: new Date(tx.time) };
      return result;
    },
  };
}
