/**
 * The boundary to TrueMoney gift vouchers (docs/deposits.md, "Gift links"): look a voucher up,
 * then redeem it into the site's wallet (a mobile number). Amounts are integer
 * minor units. Both throw VoucherUnavailableError when no usable answer came.
 */
export interface VoucherRedeemer {
  verify(input: { hash: string; mobile: string }): Promise<VoucherAnswer>;
  redeem(input: { hash: string; mobile: string }): Promise<VoucherAnswer>;
}

export const VOUCHER_FAILURES = [
  'TARGET_USER_REDEEMED',
  'CANNOT_GET_OWN_VOUCHER',
  'VOUCHER_EXPIRED',
  'VOUCHER_OUT_OF_STOCK',
  'VOUCHER_NOT_FOUND',
] as const;
export type VoucherFailure = (typeof VOUCHER_FAILURES)[number];

export type VoucherAnswer =
  | { status: 'SUCCESS'; amount: bigint }
  /** `amount` is set when the voucher's data shows what this mobile received (TARGET_USER_REDEEMED). */
  | { status: VoucherFailure; amount?: bigint };

export class VoucherUnavailableError extends Error {
  override readonly name = 'VoucherUnavailableError';
}
