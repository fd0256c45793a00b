import { z } from 'zod';
import { text } from '@jetton/contract/text';

/**
 * Which real protocol the slip verifier and the SMS gateway speak (README, "Real services"),
 * part of the counterparties' settings (counterparty-config.ts).
 * `generic` is the project's own protocol, played by the sandbox's simulators; a named service
 * is that service's published API, played by its own simulator under /sandbox while SANDBOX=on
 * and its URL is left unset.
 */
export const SLIP_SMS_ENV = {
  SLIP_VERIFIER: z.enum(['generic', 'easyslip']).default('generic'),
  /** EasySlip's API v1 base; unset: the simulator with SANDBOX=on, else EasySlip itself. */
  EASYSLIP_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  EASYSLIP_API_KEY: text().min(8).max(200).optional(),
  SMS_GATEWAY: z.enum(['generic', 'thaibulksms']).default('generic'),
  /** ThaiBulkSMS's API v2 base; unset: the simulator with SANDBOX=on, else ThaiBulkSMS itself. */
  THAIBULKSMS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  THAIBULKSMS_API_KEY: text().min(4).max(200).optional(),
  THAIBULKSMS_API_SECRET: text().min(4).max(200).optional(),
  /** A sender name registered with ThaiBulkSMS; unset: the account's default. */
  THAIBULKSMS_SENDER: text().min(1).max(11).optional(),
  /** Which credit pays: OTPs usually go `corporate` (delivered to numbers that block marketing). */
  THAIBULKSMS_FORCE: z.enum(['standard', 'corporate']).default('corporate'),
};

export const EASYSLIP_PUBLIC_URL = 'https://developer.easyslip.com/api/v1';
export const THAIBULKSMS_PUBLIC_URL = 'https://api-v2.thaibulksms.com';

/** `url` undefined: the built-in simulator at this server (SANDBOX=on); keys undefined: the simulator's own. */
export type SlipVerifierConfig = { kind: 'generic' } | { kind: 'easyslip'; url: string | undefined; apiKey: string | undefined };
export type SmsGatewayConfig =
  | { kind: 'generic' }
  | {
      kind: 'thaibulksms';
      url: string | undefined;
      credentials: { key: string; secret: string } | undefined;
      sender: string | undefined;
      force: 'standard' | 'corporate';
    };
export type SlipSmsConfig = { slipVerifier: SlipVerifierConfig; smsGateway: SmsGatewayConfig };

type Env = Partial<Record<keyof typeof SLIP_SMS_ENV, string>>;

/**
 * The choice, or the one line that says what is missing. Without the sandbox a real service needs
 * its key (there is no simulator to answer): the key's value never appears in a message.
 */
export function slipSmsConfig(e: Env, sandbox: boolean): SlipSmsConfig | string {
  let slipVerifier: SlipVerifierConfig = { kind: 'generic' };
  if (e.SLIP_VERIFIER === 'easyslip') {
    if (!e.EASYSLIP_API_KEY && (!sandbox || e.EASYSLIP_API_URL))
      return 'Invalid configuration: SLIP_VERIFIER=easyslip needs EASYSLIP_API_KEY (only the sandbox simulator works without one)';
    slipVerifier = { kind: 'easyslip', url: e.EASYSLIP_API_URL ?? (sandbox ? undefined : EASYSLIP_PUBLIC_URL), apiKey: e.EASYSLIP_API_KEY };
  }
  let smsGateway: SmsGatewayConfig = { kind: 'generic' };
  if (e.SMS_GATEWAY === 'thaibulksms') {
    const key = e.THAIBULKSMS_API_KEY;
    const secret = e.THAIBULKSMS_API_SECRET;
    if (Boolean(key) !== Boolean(secret))
      return 'Invalid configuration: THAIBULKSMS_API_KEY and THAIBULKSMS_API_SECRET are set together or not at all';
    if (!key && (!sandbox || e.THAIBULKSMS_API_URL))
      return 'Invalid configuration: SMS_GATEWAY=thaibulksms needs THAIBULKSMS_API_KEY and THAIBULKSMS_API_SECRET (only the sandbox simulator works without them)';
    smsGateway = {
      kind: 'thaibulksms',
      url: e.THAIBULKSMS_API_URL ?? (sandbox ? undefined : THAIBULKSMS_PUBLIC_URL),
      credentials: key && secret ? { key, secret } : undefined,
      sender: e.THAIBULKSMS_SENDER,
      force: e.THAIBULKSMS_FORCE === 'standard' ? 'standard' : 'corporate',
    };
  }
  return { slipVerifier, smsGateway };
}
