import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { EASYSLIP_PUBLIC_URL, THAIBULKSMS_PUBLIC_URL } from '../../src/slip-sms-config.ts';

/** Which real service each counterparty speaks (README, "Real services"). */
describe('real-service configuration', () => {
  const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jetton-counterparty-config-')) });
  const SECRET = 'very-secret-key-do-not-print';
  const refusal = (env: Record<string, string>): string => {
    try {
      loadConfig({ ...base(), ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return '';
  };

  it('keeps the generic adapters when nothing is set', () => {
    expect(loadConfig(base()).counterparties).toMatchObject({ slipVerifier: { kind: 'generic' }, smsGateway: { kind: 'generic' } });
  });

  it('points a named service at its simulator in the sandbox, with no key needed', () => {
    const c = loadConfig({ ...base(), SLIP_VERIFIER: 'easyslip', SMS_GATEWAY: 'thaibulksms' }).counterparties;
    if (!c) throw new Error('no counterparties');
    expect(c.slipVerifier).toEqual({ kind: 'easyslip', url: undefined, apiKey: undefined });
    expect(c.smsGateway).toMatchObject({ kind: 'thaibulksms', url: undefined, credentials: undefined, force: 'corporate' });
  });

  it('points it at the real service without the sandbox, and then needs its key', () => {
    const off = { SANDBOX: 'off', NODE_ENV: 'production' };
    expect(refusal({ ...off, SLIP_VERIFIER: 'easyslip' })).toMatch(/EASYSLIP_API_KEY/);
    expect(refusal({ ...off, SMS_GATEWAY: 'thaibulksms' })).toMatch(/THAIBULKSMS_API_KEY/);
    const c = loadConfig({
      ...base(),
      ...off,
      SLIP_VERIFIER: 'easyslip',
      EASYSLIP_API_KEY: SECRET,
      SMS_GATEWAY: 'thaibulksms',
      THAIBULKSMS_API_KEY: 'key-1',
      THAIBULKSMS_API_SECRET: SECRET,
    }).counterparties;
    if (!c) throw new Error('no counterparties');
    expect(c.slipVerifier).toMatchObject({ url: EASYSLIP_PUBLIC_URL, apiKey: SECRET });
    expect(c.smsGateway).toMatchObject({ url: THAIBULKSMS_PUBLIC_URL, credentials: { key: 'key-1', secret: SECRET } });
  });

  it('refuses half a ThaiBulkSMS credential and an unknown service, without printing a secret', () => {
    const half = refusal({ SMS_GATEWAY: 'thaibulksms', THAIBULKSMS_API_SECRET: SECRET });
    expect(half).toMatch(/together or not at all/);
    expect(half).not.toContain(SECRET);
    expect(refusal({ SLIP_VERIFIER: 'slipok' })).toMatch(/SLIP_VERIFIER/);
    // A URL of its own is not the simulator: the key is needed even in the sandbox.
    expect(refusal({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_URL: 'https://easyslip.example/api/v1' })).toMatch(/EASYSLIP_API_KEY/);
  });
});
