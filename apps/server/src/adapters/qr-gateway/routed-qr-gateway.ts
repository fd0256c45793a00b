import type { QrProvider } from '@jetton/contract/constants';
import type { QrGateway } from './qr-gateway.ts';

/**
 * One QrGateway over several: each provider's QRs go to the adapter
 * configuration chose for it (SCB's API for one, the generic HTTP gateway for
 * the rest), so the QR service and the expiry job see one gateway.
 */
export function createRoutedQrGateway(fallback: QrGateway, routes: Partial<Record<QrProvider, QrGateway>>): QrGateway {
  const pick = (provider: QrProvider) => routes[provider] ?? fallback;
  return {
    create: (input) => pick(input.provider).create(input),
    cancel: (input) => pick(input.provider).cancel(input),
    async inquire(input) {
      const gateway = pick(input.provider);
      return gateway.inquire ? gateway.inquire(input) : undefined;
    },
  };
}
