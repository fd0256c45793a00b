/** The boundary to an SMS gateway: one text to one phone. Throws when the gateway did not take it. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Where the built-in simulator lives (mounted only with SANDBOX=on). */
export const SMS_SANDBOX_PATH = '/sandbox/sms';
