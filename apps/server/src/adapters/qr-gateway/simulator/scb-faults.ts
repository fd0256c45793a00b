/**
 * The SCB simulator's fault controls: what SCB's documentation says can
 * happen to a merchant (an access token that expires, too many requests, no
 * answer, an answer the adapter cannot read, a confirmation sent more than
 * once or never). Each count is used up by the next calls of the API.
 */
export type ScbFaults = {
  /** Answer the next N API calls (not the token call) 401: the token expired early. */
  expireToken: number;
  /** Answer the next N calls 429. */
  rateLimit: number;
  /** Hold the next N calls for holdMs before answering (the adapter times out first). */
  timeout: number;
  /** Answer the next N calls with a 200 whose body is not SCB's shape. */
  malformed: number;
  /** Send each payment confirmation this many times (SCB re-sends when not answered well). */
  confirmationCopies: number;
  /** Send no confirmation at all: the merchant learns of the payment by inquiry only. */
  dropConfirmation: boolean;
  holdMs: number;
  /** Between SCB's re-sends of a confirmation that was not answered `00` (SCB: 12 s, 3 re-sends). */
  resendIntervalMs: number;
};

export const NO_FAULTS: ScbFaults = {
  expireToken: 0,
  rateLimit: 0,
  timeout: 0,
  malformed: 0,
  confirmationCopies: 1,
  dropConfirmation: false,
  holdMs: 8_000,
  resendIntervalMs: 12_000,
};

export type ScbFault = 'expireToken' | 'rateLimit' | 'timeout' | 'malformed';

/** Takes one use of the first armed fault, in the order a real gateway would hit them. */
export function takeFault(faults: ScbFaults, isTokenCall: boolean): ScbFault | undefined {
  const order: ScbFault[] = isTokenCall ? ['rateLimit', 'timeout', 'malformed'] : ['timeout', 'rateLimit', 'expireToken', 'malformed'];
  for (const fault of order) {
    if (faults[fault] > 0) {
      faults[fault]--;
      return fault;
    }
  }
  return undefined;
}
