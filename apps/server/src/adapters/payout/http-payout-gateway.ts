import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { ProviderError } from '../games/game-provider.ts';
import { providerRequest, type ProviderResponse } from '../games/provider-http.ts';
import type { PayoutGateway, PayoutOutcome } from './payout-gateway.ts';

const ZAnswer = z.object({
  payoutId: text(),
  status: z.enum(['SUCCESS', 'FAILED']),
  reason: text().optional(),
});

/**
 * The payout API over HTTP: POST `<base>` to pay, GET `<base>/{payoutId}` to
 * ask. A definite refusal (a FAILED answer, or a 4xx other than 409) is
 * FAILED; everything we cannot read is UNKNOWN and asked again later.
 */
export function createHttpPayoutGateway(deps: {
  baseUrl: () => string;
  apiKey: string;
  timeoutMs: () => Promise<number>;
  signal?: AbortSignal;
}): PayoutGateway {
  const headers = { 'x-api-key': deps.apiKey };

  async function send(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<ProviderResponse | PayoutOutcome> {
    try {
      return await providerRequest(`${deps.baseUrl()}${path}`, {
        ...init,
        headers,
        timeoutMs: await deps.timeoutMs(),
        signal: deps.signal,
      });
    } catch (error) {
      if (error instanceof ProviderError) return { status: 'UNKNOWN', reason: error.message };
      throw error;
    }
  }

  function outcomeOf(response: ProviderResponse): PayoutOutcome {
    const parsed = ZAnswer.safeParse(response.body);
    if (response.status === 200 && parsed.success) {
      return parsed.data.status === 'SUCCESS' ? { status: 'SUCCESS' } : { status: 'FAILED', reason: parsed.data.reason ?? 'REFUSED' };
    }
    // 409: the id is known with other details; a person must look, it is not a refusal.
    if (response.status >= 400 && response.status < 500 && response.status !== 409 && response.status !== 404) {
      return { status: 'FAILED', reason: `HTTP_${response.status}` };
    }
    return { status: 'UNKNOWN', reason: `HTTP_${response.status}` };
  }

  return {
    async pay(request) {
      const response = await send('', {
        method: 'POST',
        body: { ...request, amount: request.amount.toString() },
      });
      return 'body' in response ? outcomeOf(response) : response;
    },
    async status(payoutId) {
      const response = await send(`/${encodeURIComponent(payoutId)}`, { method: 'GET' });
      if (!('body' in response)) return response;
      if (response.status === 404) return { status: 'NOT_FOUND' };
      return outcomeOf(response);
    },
  };
}
