/**
 * Thai interbank 3-digit codes for the bank codes members
 * register with. The slip-verification mini QR names the sending bank by these
 * digits; members and deposit accounts use the letter codes. Lao banks have no
 * code in this scheme, so their slips cannot be verified this way (LAK members
 * deposit by QR). See docs/deposits.md, "Bank transfer with a slip".
 */
const TH_BANK_NUMBERS: Record<string, string> = {
  BBL: '002',
  KBANK: '004',
  KTB: '006',
  TMB: '011',
  SCB: '014',
  CITI: '017',
  CIMBT: '022',
  UOB: '024',
  BAY: '025',
  GSB: '030',
  GHB: '033',
  BAAC: '034',
  TBANK: '065',
  ISBT: '066',
  TISCO: '067',
  KKP: '069',
  LH: '073',
};

/** The letter codes of the banks whose slips carry a verifiable mini QR. */
export const THAI_BANK_CODES: readonly string[] = Object.keys(TH_BANK_NUMBERS);

export function bankNumberOf(code: string): string | undefined {
  return TH_BANK_NUMBERS[code];
}

export function bankCodeOf(number: string): string | undefined {
  return Object.entries(TH_BANK_NUMBERS).find(([, n]) => n === number)?.[0];
}
