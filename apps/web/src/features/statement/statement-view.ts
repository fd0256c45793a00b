import { WALLET, type TStatement } from '@jetton/contract/wallet';
import { formatMoney } from '@/lib/format';

export type StatementStatus = 'success' | 'failed' | 'progress';

/** Spec section 4: SUCCESS and FAILED are final; anything else shows as in progress. */
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
