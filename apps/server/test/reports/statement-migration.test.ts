import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@jetton/contract/routes';
import { ZStatementResponse } from '@jetton/contract/wallet';
import { buildApp } from '../../src/app.ts';
import { migrateToLatest } from '../../src/db/database.ts';
import { migrateSandbox } from '../../src/sandbox/sandbox-migrations.ts';
import type { DB } from '../../src/db/schema.ts';
import { seedDatabase } from '../../src/seed.ts';
import { uuidV7 } from '../../src/db/uuid-v7.ts';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import { seedGames } from '../../src/modules/games/seed-games.ts';
import { testEngines } from '../support/engines.ts';
import { migrateUpToBefore, useEmptyDatabase } from '../support/migration-support.ts';
import { TestClock, testConfig } from '../support/test-app.ts';

const STATEMENT_MIGRATION = '0015-statement-lines';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute));

/** History written as the code before the statement table left it: ledger functions, transfers and withdrawals rows. */
async function writeHistory(db: Kysely<DB>, memberId: string, phone: string, passwordHash: string) {
  await db
    .insertInto('members')
    .values({
      id: memberId,
      name: 'OLD MEMBER',
      phone,
      password_hash: passwordHash,
      currency: 'THB',
      bank_code: 'SCB',
      bank_account_name: 'OLD MEMBER',
      bank_account_no: '1112223334',
      source_code: null,
      invited_by: null,
      created_at: at(0),
      updated_at: at(0),
    })
    .execute();
  const account = async (kind: string, owner: string | null, code: string) =>
    (await sql<{ id: bigint }>`select ledger_account(${kind}, ${owner}::uuid, ${code}, 'THB') as id`.execute(db)).rows[0]?.id ?? 0n;
  const wallet = await account('wallet', memberId, 'wallet');
  const game = await account('game', memberId, 'game:pg');
  const provider = await account('system', null, 'provider:pg#3');
  const bank = await account('system', null, 'bank:KBANK-0123456789');
  const pending = await account('system', null, 'payout:pending#3');
  const pnl = await account('system', null, 'game:pnl#3');
  const post = async (
    kind: string,
    reference: string | null,
    minute: number,
    postings: [bigint, bigint][],
    reverses: bigint | null = null,
  ) => {
    const { rows } = await sql<{ entry_id: bigint }>`select entry_id from ledger_post(${kind}, '', ${reference}::text, ${reverses}::bigint,
      ${postings.map(([a]) => a)}::bigint[], ${postings.map(([, x]) => x)}::bigint[])`.execute(db);
    const id = rows[0]?.entry_id ?? 0n;
    await db
      .updateTable('journal_entries')
      .set({ created_at: at(minute) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const transferRow = (
    id: string,
    direction: 'to_game' | 'from_game',
    amount: bigint,
    status: 'SUCCESS' | 'PENDING',
    entryId: bigint | null,
    minute: number,
  ) =>
    db
      .insertInto('transfers')
      .values({
        id,
        group_id: id,
        member_id: memberId,
        game_code: 'pg',
        direction,
        amount,
        currency: 'THB',
        status,
        provider_transfer_id: id,
        entry_id: entryId,
        reason: null,
        attempts: 0,
        next_check_at: at(minute),
        created_at: at(minute),
        updated_at: at(minute),
        settled_at: null,
      })
      .execute();

  await post('deposit.slip', 'BANKREF0001', 1, [
    [bank, -50_000n],
    [wallet, 50_000n],
  ]);
  const toGame = uuidV7(at(2));
  const debit = await post('transfer.to-game', toGame, 2, [
    [wallet, -10_000n],
    [provider, 10_000n],
  ]);
  await transferRow(toGame, 'to_game', 10_000n, 'SUCCESS', debit, 2);
  await post('transfer.to-game.confirm', toGame, 2, [
    [provider, -10_000n],
    [game, 10_000n],
  ]);
  await transferRow(uuidV7(at(3)), 'from_game', 3_000n, 'PENDING', null, 3);
  await post('game.pnl', randomUUID(), 3, [
    [game, 500n],
    [pnl, -500n],
  ]);
  await post('bonus.welcome', 'W1', 4, [
    [pnl, -2_000n],
    [wallet, 2_000n],
  ]);
  await post('bonus.finish.welcome', 'W1', 5, [
    [pnl, -500n],
    [wallet, 500n],
  ]);
  // Same minute as the bonus finish: the id as text breaks the tie, as the statement did (entry id '9...' above uuid '019...').
  const withdrawalId = uuidV7(at(5));
  const hold = await post('withdraw.hold', withdrawalId, 5, [
    [wallet, -5_000n],
    [pending, 5_000n],
  ]);
  await db
    .insertInto('withdrawals')
    .values({
      id: withdrawalId,
      member_id: memberId,
      currency: 'THB',
      amount: 5_000n,
      bank_code: 'SCB',
      bank_account_no: '1112223334',
      bank_account_name: 'OLD MEMBER',
      status: 'review',
      hold_entry_id: hold,
      note: null,
      next_attempt_at: null,
      created_at: at(5),
      updated_at: at(5),
    })
    .execute();
  return { wallet, bank };
}

describe.each(testEngines())('the statement migration on the %s database', (engine) => {
  const database = useEmptyDatabase(engine);

  it('carries every member’s existing history over, in the order and with the meaning it had, and new lines go on top', async () => {
    const { db } = database();
    await migrateUpToBefore(db, STATEMENT_MIGRATION);
    await seedGames(db);
    const passwordHash = await hashPassword('pass-1234');
    const memberId = uuidV7(at(0));
    const phone = '0890000001';
    const { wallet, bank } = await writeHistory(db, memberId, phone, passwordHash);

    await migrateToLatest(db);

    await migrateSandbox(db);
    await seedDatabase(db, { demoMember: false });
    expect(await checkInvariants(db)).toEqual([]);
    const app = await buildApp({
      config: testConfig(),
      db,
      engine: database().engine,
      clock: new TestClock(),
      logger: false,
      startJobs: false,
    });
    try {
      const login = await app.inject({ method: 'POST', url: ROUTES.account.login, payload: { username: phone, password: 'pass-1234' } });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json<{ token: string }>().token;
      const statement = async () => {
        const res = await app.inject({
          method: 'POST',
          url: ROUTES.statement.list,
          headers: { authorization: `Bearer ${token}` },
          payload: { page: 1, limit: 10 },
        });
        expect(res.statusCode, res.body).toBe(200);
        return ZStatementResponse.parse(res.json());
      };
      const before = await statement();
      expect(before.total).toBe(6);
      expect(
        before.statements.map(({ statementType, from, to, status, amount, channel, createdAt }) => ({
          statementType,
          from,
          to,
          status,
          amount,
          channel,
          createdAt,
        })),
      ).toEqual([
        {
          statementType: 'finish_bonus',
          from: null,
          to: 'WALLET',
          status: 'SUCCESS',
          amount: 5,
          channel: null,
          createdAt: at(5).toISOString(),
        },
        {
          statementType: 'withdraw',
          from: 'WALLET',
          to: null,
          status: 'processing',
          amount: -50,
          channel: { kind: 'payout', bankCode: 'SCB', accountEnd: '3334' },
          createdAt: at(5).toISOString(),
        },
        { statementType: 'bonus', from: null, to: 'WALLET', status: 'SUCCESS', amount: 20, channel: null, createdAt: at(4).toISOString() },
        {
          statementType: 'transfer',
          from: 'pg',
          to: 'WALLET',
          status: 'PENDING',
          amount: 30,
          channel: null,
          createdAt: at(3).toISOString(),
        },
        {
          statementType: 'transfer',
          from: 'WALLET',
          to: 'pg',
          status: 'SUCCESS',
          amount: -100,
          channel: null,
          createdAt: at(2).toISOString(),
        },
        {
          statementType: 'deposit',
          from: null,
          to: 'WALLET',
          status: 'SUCCESS',
          amount: 500,
          channel: { kind: 'slip', reference: 'BANKREF0001' },
          createdAt: at(1).toISOString(),
        },
      ]);

      // Written after the migration, by the triggers: numbered on from the carried-over lines.
      await sql`select * from ledger_post('deposit.manual', '', 'N1', null, ${[bank, wallet]}::bigint[], ${[-700n, 700n]}::bigint[])`.execute(
        db,
      );
      const after = await statement();
      expect(after.total).toBe(7);
      expect(after.statements[0]).toMatchObject({ statementType: 'deposit', amount: 7, channel: { kind: 'manual' } });
      expect(after.statements.slice(1)).toEqual(before.statements);
    } finally {
      await app.close();
    }
  });
});
