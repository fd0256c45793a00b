import { z } from 'zod';
import { text } from '@jetton/contract/text';
import { QR_PROVIDERS, type QrProvider } from '@jetton/contract/constants';
import { SLIP_SMS_ENV, slipSmsConfig, type SlipSmsConfig } from './slip-sms-config.ts';

/**
 * The real counterparties' settings (README, "Real services"). SCB serves a QR
 * provider only when SCB_QR_PROVIDER names one: its simulator without
 * SCB_API_BASE_URL (SANDBOX=on only). LINE runs against its simulator with
 * SANDBOX=on and no channel token, against LINE with one, and is off otherwise.
 * Secrets stay in the returned object and are never part of a message.
 */
export const COUNTERPARTY_ENV = {
  /** Which of our QR providers is served by SCB's QR API (e.g. KBANK); unset: none. */
  SCB_QR_PROVIDER: z.enum(QR_PROVIDERS).optional(),
  /** SCB's API base, e.g. https://api-sandbox.partners.scb/partners/sandbox; unset with SANDBOX=on: the SCB simulator. */
  SCB_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SCB_API_KEY: text().min(1).optional(),
  SCB_API_SECRET: text().min(1).optional(),
  SCB_BILLER_ID: text()
    .regex(/^[0-9]{15}$/)
    .optional(),
  /** ref3: the prefix SCB routes payment confirmations by. */
  SCB_REF3: text()
    .regex(/^[A-Z0-9]{1,20}$/)
    .default('SCB'),
  /** The LINE Messaging API channel (LINE Developers console). */
  LINE_CHANNEL_ACCESS_TOKEN: text().min(1).optional(),
  LINE_CHANNEL_SECRET: text().min(1).optional(),
  /** Unset: https://api.line.me, or the LINE simulator with SANDBOX=on and no token. */
  LINE_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The group (C...) the operators' alerts go to. */
  LINE_OPERATOR_GROUP_ID: text().min(1).optional(),
  /** The language of the operators' alerts. */
  LINE_OPERATOR_LANG: z.enum(['th', 'la', 'en']).default('th'),
  /** The bot's basic id (@...), shown to members with their link code. */
  LINE_BOT_BASIC_ID: text().min(1).optional(),
  /** Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints); unset: derived from the token secret. */
  VAPID_PUBLIC_KEY: text().min(1).optional(),
  VAPID_PRIVATE_KEY: text().min(1).optional(),
  /** Who the push services may contact about this site: a mailto: or https: URL (RFC 8292). */
  VAPID_SUBJECT: text().min(1).optional(),
  /** The slip verifier and the SMS gateway (slip-sms-config.ts). */
  ...SLIP_SMS_ENV,
};

type Env = Partial<Record<keyof typeof COUNTERPARTY_ENV, string>>;

export type ScbConfig = {
  provider: QrProvider;
  /** undefined: the sandbox's SCB simulator (SANDBOX=on only). */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  apiSecret: string | undefined;
  billerId: string;
  ref3: string;
};

export type LineConfig = {
  /** undefined: the sandbox's LINE simulator (SANDBOX=on only). */
  baseUrl: string | undefined;
  accessToken: string | undefined;
  channelSecret: string | undefined;
  operatorGroupId: string | undefined;
  operatorLang: 'th' | 'la' | 'en';
  botBasicId: string;
};

export type PushConfig = { publicKey: string | undefined; privateKey: string | undefined; subject: string };

export type CounterpartyConfig = { scb: ScbConfig | undefined; line: LineConfig | undefined; push?: PushConfig } & Partial<SlipSmsConfig>;

export class CounterpartyConfigError extends Error {}

/** The simulators' biller id and operators' group when the sandbox plays SCB and LINE. */
export const SIMULATED_BILLER_ID = '010556012345699';
export const SIMULATED_OPERATOR_GROUP = 'Csandboxoperators0000000000000000';

export function counterpartyConfig(e: Env, sandbox: boolean): CounterpartyConfig {
  const slipSms = slipSmsConfig(e, sandbox);
  if (typeof slipSms === 'string') throw new CounterpartyConfigError(slipSms);
  return { scb: scbConfig(e, sandbox), line: lineConfig(e, sandbox), push: pushConfig(e), ...slipSms };
}

function pushConfig(e: Env): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new CounterpartyConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? 'mailto:support@jetton.example' };
}

function scbConfig(e: Env, sandbox: boolean): ScbConfig | undefined {
  const provider = e.SCB_QR_PROVIDER as QrProvider | undefined;
  if (!provider) return undefined;
  const real = Boolean(e.SCB_API_BASE_URL);
  const missing = (['SCB_API_KEY', 'SCB_API_SECRET', 'SCB_BILLER_ID'] as const).filter((k) => !e[k]);
  if (real && missing.length > 0)
    throw new CounterpartyConfigError(`Invalid configuration: SCB_API_BASE_URL is set but ${missing.join(', ')} not`);
  if (!real && !sandbox)
    throw new CounterpartyConfigError('Invalid configuration: SCB_QR_PROVIDER is set but SCB_API_BASE_URL is not (and SANDBOX=off)');
  return {
    provider,
    baseUrl: e.SCB_API_BASE_URL?.replace(/\/$/, ''),
    apiKey: e.SCB_API_KEY,
    apiSecret: e.SCB_API_SECRET,
    billerId: e.SCB_BILLER_ID ?? SIMULATED_BILLER_ID,
    ref3: e.SCB_REF3 ?? 'SCB',
  };
}

function lineConfig(e: Env, sandbox: boolean): LineConfig | undefined {
  if (Boolean(e.LINE_CHANNEL_ACCESS_TOKEN) !== Boolean(e.LINE_CHANNEL_SECRET))
    throw new CounterpartyConfigError(
      'Invalid configuration: LINE_CHANNEL_ACCESS_TOKEN and LINE_CHANNEL_SECRET are set together or not at all',
    );
  const real = Boolean(e.LINE_CHANNEL_ACCESS_TOKEN);
  if (!real && !sandbox) return undefined;
  return {
    baseUrl: real ? (e.LINE_API_BASE_URL?.replace(/\/$/, '') ?? 'https://api.line.me') : undefined,
    accessToken: e.LINE_CHANNEL_ACCESS_TOKEN,
    channelSecret: e.LINE_CHANNEL_SECRET,
    operatorGroupId: e.LINE_OPERATOR_GROUP_ID ?? (real ? undefined : SIMULATED_OPERATOR_GROUP),
    operatorLang: (e.LINE_OPERATOR_LANG as LineConfig['operatorLang'] | undefined) ?? 'th',
    botBasicId: e.LINE_BOT_BASIC_ID ?? '@jetton',
  };
}
