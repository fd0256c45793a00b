import type { Config } from '../config.ts';
import { easySlipSandboxKey, thaiBulkSmsSandboxCredentials } from './party-keys.ts';

/**
 * The credentials the site presents to the real-protocol services, and that their simulators
 * accept: the operator's own when configured, else keys derived from the token secret (a simulator
 * never takes a key anyone could guess). Kept out of every log line and error message.
 */
export function counterpartyKeys(config: Config): { easySlip: string; thaiBulkSms: { key: string; secret: string } } {
  const slipVerifier = config.counterparties?.slipVerifier;
  const smsGateway = config.counterparties?.smsGateway;
  const tokenSecret = config.secrets.tokenSecret;
  return {
    easySlip: (slipVerifier?.kind === 'easyslip' ? slipVerifier.apiKey : undefined) ?? easySlipSandboxKey(tokenSecret),
    thaiBulkSms: (smsGateway?.kind === 'thaibulksms' ? smsGateway.credentials : undefined) ?? thaiBulkSmsSandboxCredentials(tokenSecret),
  };
}
