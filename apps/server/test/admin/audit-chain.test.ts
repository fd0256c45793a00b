import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import {
  checkpointSignatureOk,
  deriveAuditKeys,
  keyedRowHash,
  rowMessage,
  type AuditCheckpoint,
  type HashedFields,
} from '../../src/modules/admin/audit-chain.ts';
import { checkAgainstCheckpoint } from '../../src/modules/admin/audit-checkpoints.ts';
import { auditHead, createAuditWriter, verifyAuditChain } from '../../src/modules/admin/audit-log.ts';
import { nextIp } from '../support/accounts-support.ts';
import { loginOperator } from '../support/admin-support.ts';
import { tamperAuditLog } from '../support/audit-support.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

const KEYS = deriveAuditKeys(testConfig().secrets.tokenSecret);
const audit = createAuditWriter(KEYS);
const METRICS_TOKEN = 'audit-metrics-token-0123456789';

describe.each(testEngines())('the audit chain on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { metrics: { token: METRICS_TOKEN, port: undefined, host: '127.0.0.1' } }, { startJobs: false });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  let logins = 0;
  /** A few rows: through the app (a failed login) and through the module, with nested before/after. */
  async function someRows(n = 3): Promise<void> {
    const failed = await t.app.inject({
      method: 'POST',
      url: ADMIN_ROUTES.auth.login.path,
      payload: { login: `nobody-${++logins}`, password: 'wrong-password-1' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(failed.statusCode).toBe(401);
    for (let i = 0; i < n; i++) {
      t.clock.advance(1000);
      await audit(db(), {
        operatorId: null,
        action: 'test.row',
        before: { z: 1, a: [i, 'ไทย'] },
        after: { b: { y: true, x: null } },
        ledgerEntryId: i,
        ip: '10.0.0.1',
        at: t.clock.now(),
      });
    }
  }
  const rows = () =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('seq', 'asc')
      .execute()
      .then((all) =>
        all.map((r) => ({
          ...r,
          seq: Number(r.seq),
          fields: {
            seq: Number(r.seq),
            at: r.at,
            operatorId: r.operator_id,
            action: r.action,
            memberId: r.member_id,
            before: r.before,
            after: r.after,
            ledgerEntryId: r.ledger_entry_id,
            ip: r.ip,
          } satisfies HashedFields,
        })),
      );

  it('writes keyed rows (HMAC with the derived key, chain 2) and the check passes', async () => {
    await someRows();
    const all = await rows();
    expect(all.length).toBeGreaterThanOrEqual(4);
    let prev = '0'.repeat(64);
    for (const row of all) {
      expect(row.chain).toBe(2);
      expect(row.prev_hash).toBe(prev);
      expect(row.hash).toBe(keyedRowHash(KEYS.chain, prev, row.fields));
      // Not the plain hash of the same bytes: that is what a database writer could compute.
      expect(row.hash).not.toBe(createHash('sha256').update(rowMessage(prev, row.fields)).digest('hex'));
      prev = row.hash;
    }
    expect(await verifyAuditChain(db(), KEYS)).toEqual({ ok: true, rows: all.length, firstBadSeq: null, unkeyedRows: 0 });
  });

  it('refuses UPDATE, DELETE (the last row too) and TRUNCATE in the database itself', async () => {
    await someRows(1);
    const last = (await auditHead(db())).seq;
    await expect(sql`update audit_log set action = 'auth.logout' where seq = 1`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`update audit_log set hash = prev_hash where seq = ${last}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where seq = ${last}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db())).rejects.toThrow(/append-only/);
    expect((await auditHead(db())).seq).toBe(last);
    expect((await verifyAuditChain(db(), KEYS)).ok).toBe(true);
  });

  it('catches a row edited and every later row re-hashed with the plain hash (or any key but ours)', async () => {
    await someRows();
    const all = await rows();
    const target = all[1];
    if (!target) throw new Error('no rows');
    const rehash = async (hashOf: (prev: string, fields: HashedFields) => string) => {
      const statements = [];
      let prev = target.prev_hash;
      for (const row of all.slice(1)) {
        const fields = row.seq === target.seq ? { ...row.fields, after: { login: 'someone-else' } } : row.fields;
        const hash = hashOf(prev, fields);
        statements.push(
          sql`update audit_log set after = ${JSON.stringify(fields.after)}::jsonb, prev_hash = ${prev}, hash = ${hash} where seq = ${row.seq}`,
        );
        prev = hash;
      }
      await tamperAuditLog(db(), ...statements);
    };
    await rehash((prev, fields) => createHash('sha256').update(rowMessage(prev, fields)).digest('hex'));
    expect(await verifyAuditChain(db(), KEYS)).toMatchObject({ ok: false, firstBadSeq: target.seq });
    const owner = await loginOperator(t, ['owner']);
    expect((await owner.call(ADMIN_ROUTES.audit.verify)).json()).toMatchObject({ ok: false, firstBadSeq: target.seq });
    const otherKeys = deriveAuditKeys('another-token-secret-another-token-secret');
    await rehash((prev, fields) => keyedRowHash(otherKeys.chain, prev, fields));
    expect(await verifyAuditChain(db(), KEYS)).toMatchObject({ ok: false, firstBadSeq: target.seq });
    // Put right with the real key (what only the server can do), so the next cases start from a sound chain.
    await rehash((prev, fields) => keyedRowHash(KEYS.chain, prev, fields));
    expect((await verifyAuditChain(db(), KEYS)).ok).toBe(true);
  });

  it('hands an owner a signed checkpoint of the head to download; others are refused', async () => {
    await someRows(1);
    const owner = await loginOperator(t, ['owner']);
    const res = await owner.call(ADMIN_ROUTES.audit.checkpoint);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-checkpoint-\d+\.json"$/);
    const checkpoint = res.json<AuditCheckpoint>();
    expect(checkpoint).toMatchObject({ ...(await auditHead(db())), at: t.clock.now().toISOString() });
    expect(checkpoint.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(checkpointSignatureOk(KEYS, checkpoint)).toBe(true);
    expect(checkpointSignatureOk(deriveAuditKeys('another-token-secret-another-token-secret'), checkpoint)).toBe(false);
    expect(checkpointSignatureOk(KEYS, { ...checkpoint, seq: checkpoint.seq + 1 })).toBe(false);
    expect(checkpointSignatureOk(KEYS, { ...checkpoint, hash: '0'.repeat(64) })).toBe(false);
    expect((await checkAgainstCheckpoint(db(), KEYS, checkpoint)).checkpoint).toBe('held');
    for (const roles of [['finance'], ['viewer']] as const) {
      const other = await loginOperator(t, [...roles]);
      expect((await other.call(ADMIN_ROUTES.audit.checkpoint)).statusCode).toBe(403);
    }
  });

  it('a kept checkpoint catches the last rows deleted, an edit re-hashed even with the key, and the table emptied', async () => {
    await someRows(2);
    const owner = await loginOperator(t, ['owner']);
    const kept = (await owner.call(ADMIN_ROUTES.audit.checkpoint)).json<AuditCheckpoint>();
    await someRows(1);
    expect(await checkAgainstCheckpoint(db(), KEYS, kept)).toMatchObject({ chain: { ok: true }, checkpoint: 'held' });

    // Deleting the tail leaves a chain that holds on its own; the checkpoint's row is gone.
    await tamperAuditLog(db(), sql`delete from audit_log where seq >= ${kept.seq}`);
    const deleted = await checkAgainstCheckpoint(db(), KEYS, kept);
    expect(deleted.chain.ok).toBe(true);
    expect(deleted).toMatchObject({ checkpoint: 'missing', seq: kept.seq });

    // New rows written after the deletion take the deleted seqs again, with other hashes.
    await someRows(1);
    expect(await checkAgainstCheckpoint(db(), KEYS, kept)).toMatchObject({ chain: { ok: true }, checkpoint: 'differs' });

    // The last row rewritten and re-hashed with the right key (a stolen secret): the checkpoint's hash differs.
    const atHead = (await owner.call(ADMIN_ROUTES.audit.checkpoint)).json<AuditCheckpoint>();
    const all = await rows();
    const last = all[all.length - 1];
    if (!last) throw new Error('no rows');
    const edited = { ...last.fields, action: 'auth.logout' };
    await tamperAuditLog(
      db(),
      sql`update audit_log set action = 'auth.logout', hash = ${keyedRowHash(KEYS.chain, last.prev_hash, edited)} where seq = ${last.seq}`,
    );
    expect(await checkAgainstCheckpoint(db(), KEYS, atHead)).toMatchObject({ chain: { ok: true }, checkpoint: 'differs' });

    await tamperAuditLog(db(), sql`truncate audit_log`);
    expect(await checkAgainstCheckpoint(db(), KEYS, atHead)).toMatchObject({
      chain: { ok: true, rows: 0 },
      checkpoint: 'missing',
    });
    expect((await checkAgainstCheckpoint(db(), KEYS, { ...atHead, signature: 'f'.repeat(64) })).checkpoint).toBe('bad-signature');
  });

  it('publishes the head in the log and the metric, and a signed checkpoint once a day', async () => {
    await someRows(1);
    const info = vi.spyOn(t.app.log, 'info');
    const head = await auditHead(db());
    const first = await t.app.services.auditHeadJob.runOnce();
    expect(first).toMatchObject({ seq: head.seq, hash: head.hash });
    expect(first.checkpoint && checkpointSignatureOk(KEYS, first.checkpoint)).toBe(true);
    expect(info).toHaveBeenCalledWith({ audit: head }, 'audit chain head');
    expect(info).toHaveBeenCalledWith({ auditCheckpoint: first.checkpoint }, 'audit checkpoint');
    const scrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.body).toContain(`jetton_audit_chain_head{hash="${head.hash}"} ${head.seq}\n`);

    await someRows(1);
    const later = await t.app.services.auditHeadJob.runOnce();
    expect(later.checkpoint).toBeNull();
    const moved = await auditHead(db());
    expect(later).toMatchObject(moved);
    const rescrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(rescrape.body).toContain(`jetton_audit_chain_head{hash="${moved.hash}"} ${moved.seq}\n`);
    expect(rescrape.body).not.toContain(head.hash);
    t.clock.advance(24 * 3600_000);
    expect((await t.app.services.auditHeadJob.runOnce()).checkpoint).toMatchObject(moved);
    info.mockRestore();
  });
});
