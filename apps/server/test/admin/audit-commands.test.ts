import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import {
  deriveAuditKeys,
  GENESIS_HASH,
  plainRowHash,
  type AuditCheckpoint,
  type HashedFields,
} from '../../src/modules/admin/audit-chain.ts';
import { createAuditWriter, rechainUnkeyedAudit, verifyAuditChain } from '../../src/modules/admin/audit-log.ts';
import { tamperAuditLog } from '../support/audit-support.ts';
import { testEngines, type TestEngine } from '../support/engines.ts';
import { adminQuery, databaseUrl } from '../support/global-setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TOKEN_SECRET = 'audit-commands-secret-audit-commands-secret';
const KEYS = deriveAuditKeys(TOKEN_SECRET);

/** A database of its own (from the run's template) that the commands can open from another process. */
async function place(engine: TestEngine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-audit-'));
  if (engine === 'embedded') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const first = await openDatabase({ kind: 'embedded', dataDir: path.join(dataDir, 'pglite'), template });
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '', TOKEN_SECRET },
      first,
      open: () => openDatabase({ kind: 'embedded', dataDir: path.join(dataDir, 'pglite') }),
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `jetton_audit_${randomUUID().slice(0, 8)}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = databaseUrl(admin, name);
  const open = () => openDatabase({ kind: 'postgres', url, poolSize: 4 });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url, TOKEN_SECRET },
    first: await open(),
    open,
    drop: async () => {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm run audit:check` / `audit:checkpoint` in a process of their own. */
function command(script: 'audit-check' | 'audit-checkpoint', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    // An empty value unsets the variable (the embedded engine: no DATABASE_URL at all).
    const merged = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== ''));
    const child = spawn(process.execPath, [path.join(root, `apps/server/src/${script}.ts`), ...args], { env: merged, cwd: root });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function writeRows(db: Kysely<DB>, n: number): Promise<void> {
  const audit = createAuditWriter(KEYS);
  for (let i = 0; i < n; i++)
    await audit(db, { operatorId: null, action: 'test.row', before: { n: i, b: [1, 'ລາວ'] }, after: { a: 'ไทย' }, ledgerEntryId: i });
}

/** Rows as the code before the key wrote them: chain 1, plain sha256. */
async function insertUnkeyed(db: Kysely<DB>, n: number, tamperAt?: number): Promise<void> {
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const fields: HashedFields = {
      seq,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
      operatorId: null,
      action: 'old.row',
      memberId: null,
      before: null,
      after: { seq, nested: { z: 1, a: 2 } },
      ledgerEntryId: null,
      ip: null,
    };
    const hash = plainRowHash(prev, fields);
    const after = seq === tamperAt ? { seq, nested: { z: 1, a: 3 } } : fields.after;
    await sql`insert into audit_log (seq, at, action, after, prev_hash, hash, chain)
      values (${seq}, ${fields.at}, ${fields.action}, ${JSON.stringify(after)}::jsonb, ${prev}, ${hash}, 1)`.execute(db);
    prev = hash;
  }
}

describe.each(testEngines())('the audit commands, the re-chain and the operators recipe on the %s database', (engine) => {
  let p: Awaited<ReturnType<typeof place>>;
  let db: Database;
  beforeAll(async () => {
    p = await place(engine);
    db = p.first;
  });
  afterAll(async () => {
    await db.db.destroy().catch(() => undefined);
    await p.drop();
  });

  it('moves rows of the unkeyed chain onto the keyed one once; the guard lets only that through', async () => {
    await insertUnkeyed(db.db, 4);
    expect(await verifyAuditChain(db.db, KEYS)).toEqual({ ok: false, rows: 4, firstBadSeq: null, unkeyedRows: 4 });
    await expect(sql`update audit_log set chain = 2, action = 'other' where seq = 1`.execute(db.db)).rejects.toThrow(/append-only/);
    expect(await rechainUnkeyedAudit(db.db, KEYS)).toEqual({ rechained: 4, refusedAtSeq: null });
    expect(await rechainUnkeyedAudit(db.db, KEYS)).toEqual({ rechained: 0, refusedAtSeq: null });
    await writeRows(db.db, 3);
    expect(await verifyAuditChain(db.db, KEYS)).toEqual({ ok: true, rows: 7, firstBadSeq: null, unkeyedRows: 0 });
    await expect(sql`update audit_log set chain = 1 where seq = 1`.execute(db.db)).rejects.toThrow(/append-only/);
  });

  it('the recipe in docs/operators.md recomputes a row hash and a checkpoint signature with openssl and jq', async () => {
    const key = execFileSync('sh', ['-c', `printf 'jetton audit-chain' | openssl dgst -sha256 -hmac "$SECRET" -r | cut -c1-64`], {
      env: { ...process.env, SECRET: TOKEN_SECRET },
    })
      .toString()
      .trim();
    expect(key).toBe(KEYS.chain.toString('hex'));
    for (const seq of [1, 5, 7]) {
      const { rows } = await sql<{ body: string; prev_hash: string; hash: string }>`
        select json_build_array(seq, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), operator_id, action,
          member_id, before, after, ledger_entry_id, ip)::text as body, prev_hash, hash from audit_log where seq = ${seq}`.execute(db.db);
      const row = rows[0];
      if (!row) throw new Error(`no row ${seq}`);
      const script = `printf '%s\\n%s' "$PREV" "$(printf '%s' "$BODY" | jq -cS .)" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$KEY -r | cut -c1-64`;
      const recomputed = execFileSync('sh', ['-c', script], { env: { ...process.env, PREV: row.prev_hash, BODY: row.body, KEY: key } });
      expect(recomputed.toString().trim()).toBe(row.hash);
    }
  });

  it('audit:checkpoint signs the head; audit:check --checkpoint holds, then catches the last rows deleted', async () => {
    await db.db.destroy();
    const file = path.join(p.env.DATA_DIR, 'checkpoint.json');
    const made = await command('audit-checkpoint', ['--out', file], p.env);
    expect(made.code, made.output).toBe(0);
    const checkpoint = JSON.parse(readFileSync(file, 'utf8')) as AuditCheckpoint;
    expect(JSON.parse(made.output)).toEqual(checkpoint);
    expect(checkpoint).toMatchObject({ seq: 7 });
    const ckey = execFileSync('sh', ['-c', `printf 'jetton audit-checkpoint' | openssl dgst -sha256 -hmac "$SECRET" -r | cut -c1-64`], {
      env: { ...process.env, SECRET: TOKEN_SECRET },
    })
      .toString()
      .trim();
    const signature = execFileSync('sh', [
      '-c',
      `jq -j '"jetton audit-checkpoint\\n\\(.seq)\\n\\(.hash)\\n\\(.at)"' "${file}" | openssl dgst -sha256 -mac HMAC -macopt hexkey:${ckey} -r | cut -c1-64`,
    ]);
    expect(signature.toString().trim()).toBe(checkpoint.signature);

    const held = await command('audit-check', ['--checkpoint', file], p.env);
    expect(held.code, held.output).toBe(0);
    expect(held.output).toContain('audit chain ok: 7 rows');
    expect(held.output).toContain('checkpoint ok: the chain still holds seq 7');
    const otherSecret = await command('audit-check', ['--checkpoint', file], { ...p.env, TOKEN_SECRET: `${TOKEN_SECRET}-other` });
    expect(otherSecret.code).toBe(1);
    expect(otherSecret.output).toContain('checkpoint REFUSED');

    db = await p.open();
    await tamperAuditLog(db.db, sql`delete from audit_log where seq >= 6`);
    await db.db.destroy();
    const deleted = await command('audit-check', ['--checkpoint', file], p.env);
    expect(deleted.code, deleted.output).toBe(1);
    expect(deleted.output).toContain('audit chain ok: 5 rows');
    expect(deleted.output).toContain('checkpoint NOT FOUND: the chain has no row 7');
  });
});
