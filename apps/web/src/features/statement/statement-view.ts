import { WALLET, type TStatement, type TStatementChannel } from '@jetton/contract/wallet';
import { formatMoney } from '@jetton/ui/lib/format';

export type StatementStatus = 'success' | 'failed' | 'progress';

/** docs/screens.md, "Statement": SUCCESS and FAILED are final; anything else shows as in progress. */
export function statementStatus(status: string): StatementStatus {
  switch (status.toUpperCase()) {
    case 'SUCCESS':
      return 'success';
    case 'FAILED':
      return 'failed';
    default:
      return 'progress';
  }
}

type Movement = Pick<TStatement, 'from' | 'amount'>;

/**
 * Whether the row added money to the member's wallet (+, green) or took it
 * out (-, red). The server signs amounts from the wallet's side; a zero
 * amount takes its sign from the direction (out of the wallet is -).
 */
export function statementSign(row: Movement): '+' | '-' {
  if (row.amount !== 0) return row.amount > 0 ? '+' : '-';
  return row.from === WALLET ? '-' : '+';
}

/** "+1,000.00" / "-100.00": the sign, then the amount with two decimals and thousands separators. */
export function signedAmount(row: Movement): string {
  return `${statementSign(row)}${formatMoney(Math.abs(row.amount))}`;
}

/** The part of i18next's `t` the channel wording needs. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** Characters of a long reference that are shown: the end, which is what people compare. */
const REFERENCE_TAIL = 6;

/** "20260105ABCD12EF34GH" -> "…EF34GH"; a short reference is shown whole. */
export function shortReference(reference: string): string {
  return reference.length <= REFERENCE_TAIL + 2 ? reference : `…${reference.slice(-REFERENCE_TAIL)}`;
}

/**
 * A deposit's or withdrawal's line under its type, in the member's language, as
 * parts shown joined by " · ": how the money moved (statement.channel.*), then
 * what identifies it (a QR provider, the end of a reference). A withdrawal names
 * the bank and the end of the account number. bankName turns a bank code into
 * the bank's name in that language.
 */
export function channelParts(channel: TStatementChannel, t: Translate, bankName: (code: string) => string): string[] {
  const reference = (value: string | null) => (value ? [t('statement.reference', { reference: shortReference(value) })] : []);
  switch (channel.kind) {
    case 'slip':
      return [t('statement.channel.slip'), ...reference(channel.reference)];
    case 'qr':
      return [t('statement.channel.qr'), ...(channel.provider ? [channel.provider] : []), ...reference(channel.reference)];
    case 'giftlink':
    case 'manual':
      return [t(`statement.channel.${channel.kind}`)];
    case 'payout': {
      const account = [bankName(channel.bankCode), channel.accountEnd ? `··${channel.accountEnd}` : null].filter(Boolean).join(' ');
      return [t('statement.channel.payout', { account })];
    }
    case 'reward':
      return [t(`statement.reward.${channel.reward}`), ...(channel.code ? [channel.code] : [])];
  }
}
