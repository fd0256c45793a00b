import { encode, generate, tag, withCrcTag } from 'promptparse';
import { minorToDecimal } from '@jetton/contract/money';

/** Minor units -> "1234.50" (EMVCo tag 54), without a float. */
export const emvAmount = minorToDecimal;

/**
 * A dynamic Thai QR (PromptPay bill payment, tag 30) for THB: the gateway's
 * biller id, our short reference in ref1 so a payment finds its QR, the
 * provider in ref2. promptparse writes the TLV and the CRC-16 (tag 63).
 */
export function promptPayPayload(input: { billerId: string; amount: bigint; ref1: string; ref2: string }): string {
  // promptparse takes the amount as a number and prints it with two decimals; exact for cents.
  return generate.billPayment({ billerId: input.billerId, amount: Number(emvAmount(input.amount)), ref1: input.ref1, ref2: input.ref2 });
}

/** LAPNet / BCEL style AID and IIN, as BCEL OnePay codes carry them (docs/deposits.md, "QR deposits"). */
export const LAPNET_AID = 'A005266284662577';
export const LAPNET_IIN = '27710418';

/**
 * A dynamic Lao QR for LAK: EMVCo with the LAPNet merchant account in tag 38
 * (AID, IIN, payment type, merchant id), LAK (418), LA, our reference as the
 * bill number (tag 62, sub-tag 01), CRC-16 in tag 63 as in Thailand.
 */
export function lapnetPayload(input: { merchantId: string; merchantName: string; amount: bigint; ref: string }): string {
  const merchant = encode([tag('00', LAPNET_AID), tag('01', LAPNET_IIN), tag('02', '001'), tag('03', input.merchantId)]);
  const body = encode([
    tag('00', '01'),
    tag('01', '12'),
    tag('38', merchant),
    tag('53', '418'),
    tag('54', emvAmount(input.amount)),
    tag('58', 'LA'),
    tag('59', input.merchantName),
    tag('60', 'VIENTIANE'),
    tag('62', encode([tag('01', input.ref)])),
  ]);
  return withCrcTag(body, '63');
}
