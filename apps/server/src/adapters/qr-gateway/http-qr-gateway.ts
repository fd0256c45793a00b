import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { ProviderError } from '../games/game-provider.ts';
import { providerRequest } from '../games/provider-http.ts';
import { QrGatewayError, type QrGateway } from './qr-gateway.ts';

const ZCreated = z.object({ payload: text().min(20).max(512) });

/**
 * The gateways' HTTP API: POST `<base>/<provider>/qrcodes`, POST
 * `<base>/<provider>/qrcodes/<id>/cancel`, with a merchant key. The built-in
 * simulator answers under /sandbox/pay; a real gateway replaces the base URL.
 */
export function createHttpQrGateway(deps: {
  baseUrl: () => string;
  merchantKey: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}): QrGateway {
  const timeoutMs = deps.timeoutMs ?? 5_000;
  const headers = { 'x-merchant-key': deps.merchantKey };
  return {
    async create(input) {
      let response;
      try {
        response = await providerRequest(`${deps.baseUrl()}/${input.provider}/qrcodes`, {
          method: 'POST',
          headers,
          timeoutMs,
          signal: deps.signal,
          body: {
            reference: input.qrcodeId,
            amount: input.amount.toString(),
            currency: input.currency,
            expiresAt: input.expiresAt.toISOString(),
            callbackUrl: input.callbackUrl,
          },
        });
      } catch (error) {
        if (error instanceof ProviderError) throw new QrGatewayError(error.message);
        throw error;
      }
      const parsed = ZCreated.safeParse(response.body);
      if (response.status !== 201 || !parsed.success) throw new QrGatewayError(`gateway answered ${response.status}`);
      return parsed.data;
    },
    async cancel(input) {
      try {
        await providerRequest(`${deps.baseUrl()}/${input.provider}/qrcodes/${encodeURIComponent(input.qrcodeId)}/cancel`, {
          method: 'POST',
          headers,
          timeoutMs,
          signal: deps.signal,
          body: {},
        });
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
      }
    },
  };
}
