import type { Kysely } from 'kysely';
import { sandboxKey } from '../adapters/party-keys.ts';
import type { Clock } from '../clock.ts';
import type { DB } from '../db/schema.ts';
import { createForwarderSecretBox, secretHash } from '../modules/auto-deposit/forwarder-secret.ts';

/**
 * The sandbox phone as a registered forwarder of the demo's SMS-mode account
 * (demo-content.ts), so that a person trying the site can forward a credit SMS
 * without registering a device first. A real device is registered in the back
 * office and its secret shown once; this one's id is fixed and its secret is
 * derived from the token secret, as the simulators' keys are.
 */
export const DEMO_FORWARDER = {
  id: '01900000-0000-7000-8000-0000000005a5',
  name: 'Sandbox phone (demo)',
  siteBank: 'TMB',
  siteAccount: '4560123789',
} as const;

export type DemoForwarder = typeof DEMO_FORWARDER & { secret: string };

export function demoForwarder(tokenSecret: string): DemoForwarder {
  return { ...DEMO_FORWARDER, secret: sandboxKey(tokenSecret, 'sandbox-sms-forwarder-demo') };
}

/**
 * Registers the demo device, or re-seals its secret under this server's token
 * secret (it may have changed since the last start). An operator's revocation
 * stands: only the secret columns are updated.
 */
export async function seedDemoForwarder(db: Kysely<DB>, clock: Clock, tokenSecret: string): Promise<DemoForwarder> {
  const device = demoForwarder(tokenSecret);
  const box = createForwarderSecretBox(tokenSecret);
  const sealed = { secret_hash: secretHash(device.secret), secret_box: box.seal(device.secret) };
  await db
    .insertInto('sms_forwarders')
    .values({
      id: device.id,
      name: device.name,
      site_bank: device.siteBank,
      site_account: device.siteAccount,
      ...sealed,
      created_by: null,
      created_at: clock.now(),
      revoked_at: null,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet(sealed))
    .execute();
  return device;
}
