import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { QrProvider } from '@jetton/contract/constants';
import { QrGatewayError } from '../../adapters/qr-gateway/qr-gateway.ts';
import { refsToQrId, ZScbConfirmation, type ScbConfirmationAnswer } from '../../adapters/qr-gateway/scb/scb-protocol.ts';
import { AppError } from '../../http/app-error.ts';
import type { QrService } from './qr-service.ts';

/** Where SCB posts its payment confirmations: the URL registered for the app on developer.scb. */
export const SCB_CONFIRM_PATH = '/api/qrcode/scb/confirm';

/**
 * SCB's payment confirmation carries no signature: SCB's documentation points
 * merchants to its inquiry API to check a transaction. So the body is only a
 * hint naming the QR; the money moves on the inquiry's answer (settleByInquiry).
 * A confirmation we cannot check now (SCB's inquiry down) is answered with an
 * error, so SCB sends it again, and the expiry job asks again before expiring.
 */
export function registerScbConfirmRoute(app: FastifyInstance, deps: { qr: QrService; provider: QrProvider; log: FastifyBaseLogger }): void {
  app.post(SCB_CONFIRM_PATH, { bodyLimit: 16 * 1024, schema: { tags: ['deposit'] } }, async (request, reply) => {
    const parsed = ZScbConfirmation.safeParse(request.body);
    const transactionId = parsed.success ? parsed.data.transactionId : '';
    const answer = (status: number, resCode: string, resDesc: string) =>
      reply.status(status).send({ resCode, resDesc, transactionId } satisfies ScbConfirmationAnswer);
    if (!parsed.success) return answer(400, '99', 'invalid request');
    const qrcodeId = refsToQrId(parsed.data.billPaymentRef1, parsed.data.billPaymentRef2);
    if (!qrcodeId) {
      deps.log.warn({ transactionId }, 'SCB confirmation names no QR of ours');
      return answer(200, '00', 'success');
    }
    try {
      const result = await deps.qr.settleByInquiry(deps.provider, qrcodeId);
      if (!result) deps.log.warn({ transactionId, qrcodeId }, 'SCB confirmation not confirmed by its inquiry: nothing credited');
      return answer(200, '00', 'success');
    } catch (error) {
      if (error instanceof QrGatewayError) {
        deps.log.warn({ err: error, transactionId, qrcodeId }, 'SCB inquiry failed: asking SCB to send the confirmation again');
        return answer(503, '99', 'temporarily unavailable');
      }
      // Paid after expiry, a different amount, a QR we closed: received, never credited; the log names it for a person.
      if (error instanceof AppError) {
        deps.log.warn(
          { transactionId, qrcodeId, code: error.message },
          'SCB payment for a QR that cannot be credited: an operator must settle it',
        );
        return answer(200, '00', 'success');
      }
      throw error;
    }
  });
}
