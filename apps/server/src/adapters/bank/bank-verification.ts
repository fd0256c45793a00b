/**
 * The boundary to a slip-verification service (a bank's open API or an
 * aggregator): given the reference printed in a slip's mini QR, the transfer as
 * the bank recorded it. Amounts are integer minor units.
 */
export interface BankVerification {
  /** undefined when the bank knows no such transfer; throws BankUnavailableError when it could not be asked. */
  getTransaction(query: { transRef: string; sendingBank: string }): Promise<BankTransaction | undefined>;
}

export type BankParty = { bank: string; account: string; name: string };

export type BankTransaction = {
  transRef: string;
  amount: bigint;
  sender: BankParty;
  receiver: BankParty;
  time: Date;
};

/** No usable answer (timeout, network, 5xx, garbled body): try again later. */
export class BankUnavailableError extends Error {
  override readonly name = 'BankUnavailableError';
}
