import type { QrProvider } from '@jetton/contract/constants';
import type { LedgerCurrency } from '../../db/tables/ledger.ts';

/**
 * The boundary to the QR payment gateways (KBANK, WW, PAYTIMZ, PAYONEX, ZPAY).
 * A gateway issues an EMVCo payload for an amount and later confirms payment
 * only through its signed callback (see callback-signature.ts). Amounts are
 * integer minor units.
 */
export interface QrGateway {
  /** Throws QrGatewayError when the gateway gave no usable QR. */
  create(input: {
    provider: QrProvider;
    qrcodeId: string;
    amount: bigint;
    currency: LedgerCurrency;
    expiresAt: Date;
    callbackUrl: string;
  }): Promise<{ payload: string }>;
  /** Best effort: a QR cancelled on our side is never credited, whatever the gateway says. */
  cancel(input: { provider: QrProvider; qrcodeId: string }): Promise<void>;
  /**
   * Asks the gateway whether a QR was paid (a gateway whose callback carries no
   * proof, or one whose callback is late). Absent: the gateway has no inquiry.
   * Throws QrGatewayError when the gateway gave no usable answer (unknown, not unpaid).
   */
  inquire?(input: QrInquiry): Promise<QrPayment | undefined>;
}

export type QrInquiry = { provider: QrProvider; qrcodeId: string; amount: bigint; createdAt: Date; expiresAt: Date };

/** A payment the gateway itself reported for a QR. */
export type QrPayment = { qrcodeId: string; amount: bigint; paidAt: Date; providerRef: string };

export class QrGatewayError extends Error {
  override readonly name = 'QrGatewayError';
}

/** The signed notice a gateway posts when a QR was paid. */
export type QrCallback = {
  qrcodeId: string;
  provider: QrProvider;
  /** Minor units as a decimal string. */
  amount: string;
  status: 'PAID';
  paidAt: string;
  providerRef: string;
};
