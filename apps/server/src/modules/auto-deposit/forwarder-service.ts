import type { Kysely } from 'kysely';
import { ZForwardedSms, type TForwarder, type TForwarderCreate } from '@jetton/contract/admin/auto-deposit';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { forwardedSignatureValid, SMS_WEBHOOK_PATH } from '../../adapters/sms-forwarder/forwarder-signature.ts';
import type { DeskAudit, DeskOperator } from '../money-desk/desk-deps.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { AutoDepositRulesSource } from './auto-deposit-rules.ts';
import { createForwarderRepository, type ForwarderRow } from './forwarder-repository.ts';
import type { IncomingPipeline } from './incoming-pipeline.ts';
import { createForwarderSecretBox, newForwarderSecret, secretHash } from './forwarder-secret.ts';
import { parseCreditSms } from './sms/parse-sms.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const view = (f: ForwarderRow): TForwarder => ({
  id: f.id,
  name: f.name,
  siteBank: f.site_bank,
  siteAccount: f.site_account,
  createdAt: f.created_at.toISOString(),
  revokedAt: f.revoked_at?.toISOString() ?? null,
  webhookPath: SMS_WEBHOOK_PATH.replace(':id', f.id),
});

type Deps = {
  db: Kysely<DB>;
  clock: Clock;
  lookups: LookupService;
  rules: AutoDepositRulesSource;
  pipeline: IncomingPipeline;
  audit: DeskAudit;
  tokenSecret: string;
  /** Told of each SMS no parser could read (metrics). */
  onUnparsed?: () => void;
};

/**
 * SMS forwarder devices (docs/auto-deposit.md, "Forwarder set-up"): an operator
 * registers one per phone, for one SMS-mode site account, and is shown its secret
 * once; each request the device makes is checked (signature over the timestamp
 * and the raw body, timestamp within the skew, signature never seen before)
 * before its SMS reaches the pipeline.
 */
export function createForwarderService(deps: Deps) {
  const box = createForwarderSecretBox(deps.tokenSecret);
  const repo = createForwarderRepository(deps.db);
  const refuse = (): never => {
    throw new AppError('UNAUTHORIZED');
  };

  return {
    list: async () => ({ forwarders: (await repo.list()).map(view) }),

    async register(operator: DeskOperator, input: TForwarderCreate) {
      const site = (await deps.lookups.get('deposit')).banks.find(
        (b) => b.bankCode === input.siteBank && b.bankAccountNo === input.siteAccount,
      );
      if (!site) throw new AppError('KEY_INVALID');
      const secret = newForwarderSecret();
      const now = deps.clock.now();
      const row = await deps.db.transaction().execute(async (trx) => {
        const created = await createForwarderRepository(trx).insert({
          id: uuidV7(now),
          name: input.name,
          site_bank: input.siteBank,
          site_account: input.siteAccount,
          secret_hash: secretHash(secret),
          secret_box: box.seal(secret),
          created_by: operator.id,
          created_at: now,
          revoked_at: null,
        });
        await deps.audit(trx, {
          operatorId: operator.id,
          ip: operator.ip ?? null,
          action: 'smsForwarder.register',
          after: { id: created.id, name: created.name, siteBank: created.site_bank, siteAccount: created.site_account },
          at: now,
        });
        return created;
      });
      return { ...view(row), secret };
    },

    async revoke(operator: DeskOperator, id: string) {
      if (!UUID.test(id)) throw new AppError('NO_DATA');
      const now = deps.clock.now();
      const row = await deps.db.transaction().execute(async (trx) => {
        const revoked = await createForwarderRepository(trx).revoke(id, now);
        if (!revoked) return undefined;
        await deps.audit(trx, { operatorId: operator.id, ip: operator.ip ?? null, action: 'smsForwarder.revoke', after: { id }, at: now });
        return revoked;
      });
      if (!row) throw new AppError('NO_DATA');
      return view(row);
    },

    /** One forwarded SMS: authenticated, then read and handed to the pipeline. */
    async receive(id: string, headers: { timestamp?: string; signature?: string }, raw: Buffer) {
      if (!UUID.test(id)) refuse();
      const device = await repo.byId(id);
      if (!device || device.revoked_at) return refuse();
      const { timestamp, signature } = headers;
      if (!timestamp || !signature || !/^[0-9]{10,16}$/.test(timestamp)) return refuse();
      const rules = await deps.rules.get();
      const now = deps.clock.now();
      if (Math.abs(now.getTime() - Number(timestamp)) > rules.smsMaxSkewMs) return refuse();
      if (!forwardedSignatureValid(box.open(device.secret_box), timestamp, raw, signature)) return refuse();
      // Accepted once: the same signed request again is a replay (it would carry the same signature).
      if (!(await repo.claimSignature(device.id, signature, now))) throw new AppError('KEY_INVALID', 409);
      await repo.forgetSignatures(new Date(now.getTime() - 2 * rules.smsMaxSkewMs));

      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('KEY_INVALID');
      }
      const sms = ZForwardedSms.safeParse(body);
      if (!sms.success) throw new AppError('KEY_INVALID');
      const receivedAt = sms.data.receivedAt ? new Date(sms.data.receivedAt) : now;
      const parsed = parseCreditSms(device.site_bank, sms.data.text, receivedAt);
      if (parsed === 'not-credit') return { status: 'ignored' as const, lineId: null };
      if (parsed === null) deps.onUnparsed?.();
      const { line } = await deps.pipeline.ingest({
        source: 'SMS',
        siteBank: device.site_bank,
        siteAccount: device.site_account,
        bankRef: parsed?.reference ?? null,
        amount: parsed?.amount ?? null,
        occurredAt: parsed?.occurredAt ?? receivedAt,
        senderBank: parsed?.senderBank ?? null,
        senderDigits: parsed?.senderDigits ?? null,
        senderName: parsed?.senderName ?? null,
        raw: sms.data.text,
      });
      return { status: line.status, lineId: line.id };
    },
  };
}
export type ForwarderService = ReturnType<typeof createForwarderService>;
