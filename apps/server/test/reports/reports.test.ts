import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReconciliationResponse, ZReportResponses } from '@jetton/contract/admin/reports';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { GameCode } from '@jetton/contract/constants';
import { minorToDecimal } from '@jetton/contract/money';
import { createDemoRepository } from '../../src/adapters/games/demo-provider/demo-repository.ts';
import type { DB } from '../../src/db/schema.ts';
import { ensureAccount } from '../../src/ledger/accounts.ts';
import { ACCOUNT_CODES, memberWallet, systemAccount } from '../../src/ledger/account-codes.ts';
import { postEntry } from '../../src/ledger/post-entry.ts';
import { creditDeposit } from '../../src/modules/deposit/credit-deposit.ts';
import { parseCsv, BOM } from '../../src/modules/reports/csv.ts';
import { DAY_MS, siteDayStart } from '@jetton/contract/site-time';
import { reportCsv } from '../../src/modules/reports/report-csv.ts';
import { endBonus, grantBonus } from '../../src/modules/rewards/bonus-lifecycle.ts';
import { holdWithdrawal, markPaid, returnHold } from '../../src/modules/withdraw/withdraw-ledger.ts';
import type { Withdrawal } from '../../src/modules/withdraw/withdraw-repository.ts';
import { expectLedgerHealthy } from '../support/ledger-helpers.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { loginOperator } from '../support/admin-support.ts';
import { activated, walletMember, type WalletMember } from '../support/wallet-support.ts';

/**
 * A scripted month (September 2026, Bangkok days) of deposits on every channel,
 * withdrawals paid and rejected, rewards credited and taken back, and rounds at
 * the demo provider; each report's totals against sums computed here
 * independently: from the members' side of the ledger (their wallet postings)
 * and from the provider's own round history.
 *
 * The ledger stamps an entry with its transaction's start (now()); the script
 * runs in seconds, so each entry is re-dated to its scripted time right after
 * it is posted (and the first-deposit row that copies that time).
 *
 * Rewards: bonuses, promotions, refunds and spin prizes go through the
 * rewards module's own grantBonus / endBonus (credited, then taken back in
 * part when cancelled); the invite bonus, paid by a member request there, is
 * posted here through the ledger's postEntry to expense:invite as that
 * request does. Their expected cost is read from the rewards module's own
 * record (member_bonuses: credit, taken_back), not from the ledger.
 */
const bkk = (local: string) => new Date(`${local}+07:00`);
type Channel = 'slip' | 'qr:KBANK' | 'qr:ZPAY' | 'giftlink' | 'manual';
const CHANNEL: Record<Channel, { kind: string; source: string }> = {
  slip: { kind: 'deposit.slip', source: ACCOUNT_CODES.bank('KBANK-0123456789') },
  'qr:KBANK': { kind: 'deposit.qr', source: ACCOUNT_CODES.gateway('KBANK') },
  'qr:ZPAY': { kind: 'deposit.qr', source: ACCOUNT_CODES.gateway('ZPAY') },
  giftlink: { kind: 'deposit.giftlink', source: ACCOUNT_CODES.voucherTruemoney },
  manual: { kind: 'deposit.manual', source: ACCOUNT_CODES.bank('KBANK-0123456789') },
};

async function dateEntry(db: Kysely<DB>, entryId: bigint, at: Date): Promise<void> {
  await sql`update journal_entries set created_at = ${at} where id = ${entryId}`.execute(db);
  await sql`update member_first_deposits set first_at = ${at} where entry_id = ${entryId}`.execute(db);
}

describe.each(testEngines())('reports over a scripted month (%s database)', (engine) => {
  let t: TestApp;
  let db: Kysely<DB>;
  type Member = WalletMember & { currency: 'THB' | 'LAK'; players: Map<GameCode, bigint> };
  const members: Record<string, Member> = {};

  async function member(name: string, registeredAt: Date, currency: 'THB' | 'LAK' = 'THB', games: GameCode[] = []): Promise<Member> {
    t.clock.moveTo(registeredAt);
    const m = await walletMember(t);
    if (currency === 'LAK') await db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', m.id).execute();
    const players = new Map<GameCode, bigint>();
    for (const game of games) {
      const card = await activated(t, m, game);
      const player = await db
        .selectFrom('demo_players')
        .select('id')
        .where('game_code', '=', game)
        .where('username', '=', card.username ?? '')
        .executeTakeFirstOrThrow();
      // The provider's own balance: rounds are played there, apart from the site's ledger.
      await db.updateTable('demo_players').set({ balance: 10_000_000n }).where('id', '=', player.id).execute();
      players.set(game, player.id);
    }
    t.clock.moveTo(undefined);
    const full: Member = { ...m, currency, players };
    members[name] = full;
    return full;
  }

  async function deposit(m: Member, channel: Channel, amount: bigint, at: Date): Promise<void> {
    const reference = randomUUID();
    await db.transaction().execute((trx) =>
      creditDeposit(trx, {
        at,
        memberId: m.id,
        currency: m.currency,
        sourceCode: CHANNEL[channel].source,
        kind: CHANNEL[channel].kind,
        reference,
        amount,
        coinPerMinor: 100,
      }),
    );
    const entry = await db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', CHANNEL[channel].kind)
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    await dateEntry(db, entry.id, at);
  }

  async function withdrawal(
    m: Member,
    amount: bigint,
    at: Date,
    outcome: 'paid' | 'rejected' | 'pending',
    decidedAt?: Date,
  ): Promise<void> {
    const id = randomUUID();
    const hold = await holdWithdrawal(db, { id, memberId: m.id, currency: m.currency, amount });
    await dateEntry(db, hold.id, at);
    // Only the fields the ledger side reads.
    const w = { id, member_id: m.id, currency: m.currency, amount, bank_code: 'SCB', hold_entry_id: hold.id } as unknown as Withdrawal;
    if (outcome === 'paid') await dateEntry(db, (await markPaid(db, w)).id, decidedAt ?? at);
    if (outcome === 'rejected') await dateEntry(db, (await returnHold(db, w, 'rejected')).id, decidedAt ?? at);
  }

  /** The invite bonus paid out (expense:invite -> wallet), as the rewards module's invite payout posts it. */
  async function invitePayout(m: Member, amount: bigint, at: Date): Promise<void> {
    const expense = await ensureAccount(db, systemAccount(ACCOUNT_CODES.expense('invite'), m.currency));
    const wallet = await ensureAccount(db, memberWallet(m.id, m.currency));
    const entry = await postEntry(db, {
      kind: 'invite.payout',
      reference: randomUUID(),
      postings: [
        { account: expense, amount: -amount },
        { account: wallet, amount },
      ],
    });
    await dateEntry(db, entry.id, at);
  }

  /** A bonus of the rewards module granted at `at`, then ended at `endAt` keeping `keepPercent` of it (the rest is taken back). */
  async function bonus(
    m: Member,
    origin: 'bonus' | 'promotion' | 'refund' | 'spin',
    credit: bigint,
    at: Date,
    endAt: Date,
    keepPercent: number,
  ) {
    const granted = await db.transaction().execute((trx) =>
      grantBonus(trx, {
        memberId: m.id,
        currency: m.currency,
        origin,
        definitionId: null,
        code: `${origin}-test`,
        base: credit,
        credit,
        target: credit,
        percentFail: 0,
        percentSuccess: 100,
        weights: { slot: 100, sport: 100, lotto: 100 },
        expiresAt: null,
        sourceRef: null,
        now: at,
      }),
    );
    await dateEntry(db, (await entryOf('bonus.grant', granted.id)).id, at);
    const ended = await db
      .transaction()
      .execute((trx) =>
        endBonus(trx, granted, { status: keepPercent === 100 ? 'completed' : 'cancelled', reason: 'test', keepPercent, now: endAt }),
      );
    if (ended && ended.takenBack > 0n) await dateEntry(db, (await entryOf('bonus.finish', granted.id)).id, endAt);
  }

  const entryOf = (kind: string, reference: string) =>
    db.selectFrom('journal_entries').select('id').where('kind', '=', kind).where('reference', '=', reference).executeTakeFirstOrThrow();

  /** What each reward kind cost in [from, to], from the rewards module's own record (and the invite payouts' wallet side). */
  async function rewardCosts(from: string, to: string): Promise<Map<string, bigint>> {
    const [start, end] = window(from, to);
    const { rows } = await sql<{ currency: string; origin: string; cost: bigint }>`
      select currency, origin, (coalesce(sum(credit) filter (where activated_at >= ${start} and activated_at < ${end}), 0)
        - coalesce(sum(taken_back) filter (where ended_at >= ${start} and ended_at < ${end}), 0))::bigint as cost
      from member_bonuses group by 1, 2`.execute(db);
    const costs = new Map(rows.map((r) => [`${r.currency}|${r.origin}`, BigInt(r.cost)]));
    const sums = await walletSums(from, to);
    for (const currency of ['THB', 'LAK']) costs.set(`${currency}|invite`, sumKinds(sums, currency, 'invite.'));
    return costs;
  }

  async function round(m: Member, game: GameCode, bet: bigint, payout: bigint, at: Date): Promise<void> {
    const player = m.players.get(game);
    if (player === undefined) throw new Error(`${game} not activated`);
    expect(await createDemoRepository(db).playRound(player, game, { kind: 'slot', bet, payout, detail: {} }, at)).toBeDefined();
  }

  // ---- what the script did, summed independently of the reports -------------------------------------------------
  const window = (from: string, to: string) => [siteDayStart(from), new Date(siteDayStart(to).getTime() + DAY_MS)] as const;

  /** The members' side of the ledger: wallet postings by entry kind, per currency, in [from, to] (Bangkok days). */
  async function walletSums(from: string, to: string): Promise<Map<string, bigint>> {
    const [start, end] = window(from, to);
    const { rows } = await sql<{ currency: string; kind: string; amount: bigint }>`
      select a.currency, e.kind, sum(p.amount)::bigint as amount from postings p
      join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
      where a.kind = 'wallet' and e.created_at >= ${start} and e.created_at < ${end} group by 1, 2`.execute(db);
    return new Map(rows.map((r) => [`${r.currency}|${r.kind}`, BigInt(r.amount)]));
  }
  const sumKinds = (sums: Map<string, bigint>, currency: string, prefix: string) =>
    [...sums].filter(([k]) => k.startsWith(`${currency}|${prefix}`)).reduce((a, [, v]) => a + v, 0n);

  /** The provider's round history (demo_rounds), in [from, to]. */
  async function providerRounds(from: string, to: string) {
    const [start, end] = window(from, to);
    const { rows } = await sql<{ game_code: string; bets: bigint; payouts: bigint; rounds: bigint }>`
      select game_code, sum(bet)::bigint as bets, sum(payout)::bigint as payouts, count(*)::bigint as rounds from demo_rounds
      where played_at >= ${start} and played_at < ${end} group by 1`.execute(db);
    return rows;
  }

  const totalExact = (values: string[]) =>
    values.reduce((a, v) => {
      const negative = v.startsWith('-');
      const [units = '0', cents = '0'] = v.replace('-', '').split('.');
      const minor = BigInt(units) * 100n + BigInt(cents);
      return a + (negative ? -minor : minor);
    }, 0n);

  beforeAll(async () => {
    t = await startTestApp(engine, {}, {});
    db = t.database.db;
    const a = await member('a', bkk('2026-09-01T10:00:00'), 'THB', ['pg', 'joker2']);
    const b = await member('b', bkk('2026-09-03T21:00:00'), 'THB', ['pg']);
    const c = await member('c', bkk('2026-09-10T23:30:00'), 'THB', ['joker2']);
    const d = await member('d', bkk('2026-09-05T09:00:00'), 'LAK', ['pg']);
    await member('e', bkk('2026-09-20T12:00:00'));

    await deposit(a, 'slip', 500_00n, bkk('2026-09-01T10:05:00'));
    await deposit(a, 'qr:KBANK', 300_00n, bkk('2026-09-02T08:00:00'));
    await deposit(b, 'qr:ZPAY', 1_000_00n, bkk('2026-09-09T14:00:00'));
    await deposit(b, 'giftlink', 150_50n, bkk('2026-09-12T11:11:00'));
    await deposit(d, 'manual', 2_000_000_00n, bkk('2026-09-06T09:30:00'));
    // The Bangkok day boundary: 23:59:59 on the 10th and midnight of the 11th (16:59:59 / 17:00:00 UTC).
    await deposit(c, 'slip', 111_11n, new Date('2026-09-10T16:59:59.000Z'));
    await deposit(c, 'qr:KBANK', 222_22n, new Date('2026-09-10T17:00:00.000Z'));
    await deposit(a, 'manual', 50_00n, bkk('2026-09-30T23:59:00'));

    await withdrawal(a, 200_00n, bkk('2026-09-05T12:00:00'), 'paid', bkk('2026-09-05T12:30:00'));
    await withdrawal(b, 400_00n, bkk('2026-09-15T23:50:00'), 'paid', bkk('2026-09-16T00:10:00'));
    await withdrawal(b, 100_00n, bkk('2026-09-18T10:00:00'), 'rejected', bkk('2026-09-18T11:00:00'));
    await withdrawal(d, 500_000_00n, bkk('2026-09-20T10:00:00'), 'pending');

    // A bonus taken and cancelled (40 % of it taken back), a promotion, a refund and spin prizes kept whole, an invite payout.
    await bonus(a, 'bonus', 100_00n, bkk('2026-09-02T09:00:00'), bkk('2026-09-08T09:00:00'), 60);
    await bonus(b, 'promotion', 60_00n, bkk('2026-09-09T15:00:00'), bkk('2026-09-09T16:00:00'), 100);
    await invitePayout(b, 25_00n, bkk('2026-09-12T12:00:00'));
    await bonus(c, 'refund', 33_33n, bkk('2026-09-14T07:00:00'), bkk('2026-09-14T07:30:00'), 100);
    await bonus(c, 'spin', 10_00n, bkk('2026-09-14T08:00:00'), bkk('2026-09-14T08:30:00'), 100);
    await bonus(d, 'spin', 5_000_00n, bkk('2026-09-21T08:00:00'), bkk('2026-09-21T09:00:00'), 100);

    await round(a, 'pg', 10_00n, 0n, bkk('2026-09-02T20:00:00'));
    await round(a, 'pg', 10_00n, 35_00n, bkk('2026-09-02T20:01:00'));
    await round(a, 'joker2', 50_00n, 20_00n, bkk('2026-09-03T01:00:00'));
    await round(b, 'pg', 100_00n, 0n, bkk('2026-09-10T23:59:00'));
    await round(c, 'joker2', 20_00n, 40_00n, bkk('2026-09-11T00:00:00'));
    await round(d, 'pg', 1_000_00n, 500_00n, bkk('2026-09-22T18:00:00'));
  });
  afterAll(() => t.close());

  const SEPT = { from: '2026-09-01', to: '2026-09-30' };

  async function expectReportsMatchTheLedger(range: { from: string; to: string }): Promise<void> {
    const sums = await walletSums(range.from, range.to);
    const costs = await rewardCosts(range.from, range.to);
    const deposits = await t.app.services.reports.deposits(range);
    const withdrawals = await t.app.services.reports.withdrawals(range);
    const rewards = await t.app.services.reports.rewards(range);
    const games = await t.app.services.reports.games(range);
    const summary = await t.app.services.reports.summary(range);
    for (const currency of ['THB', 'LAK'] as const) {
      const mine = <T extends { currency: string }>(rows: T[]) => rows.filter((r) => r.currency === currency);
      expect(totalExact(mine(deposits).map((r) => r.amount))).toBe(sumKinds(sums, currency, 'deposit.'));
      expect(totalExact(mine(summary).map((r) => r.deposits))).toBe(sumKinds(sums, currency, 'deposit.'));
      expect(totalExact(mine(withdrawals).map((r) => r.requested))).toBe(-sumKinds(sums, currency, 'withdraw.hold'));
      expect(totalExact(mine(withdrawals).map((r) => r.rejected))).toBe(sumKinds(sums, currency, 'withdraw.return'));
      for (const kind of ['bonus', 'promotion', 'invite', 'refund', 'spin']) {
        expect(
          totalExact(
            mine(rewards)
              .filter((r) => r.kind === kind)
              .map((r) => r.cost),
          ),
          kind,
        ).toBe(costs.get(`${currency}|${kind}`) ?? 0n);
      }
      expect(totalExact(mine(summary).map((r) => r.rewardCost))).toBe(totalExact(mine(rewards).map((r) => r.cost)));
    }
    const provider = await providerRounds(range.from, range.to);
    for (const p of provider) {
      const mine = games.filter((g) => g.provider === p.game_code);
      expect(totalExact(mine.map((g) => g.bets)), p.game_code).toBe(BigInt(p.bets));
      expect(totalExact(mine.map((g) => g.payouts)), p.game_code).toBe(BigInt(p.payouts));
      expect(mine.reduce((a, g) => a + g.rounds, 0)).toBe(Number(p.rounds));
    }
    expect(games.reduce((a, g) => a + g.rounds, 0)).toBe(provider.reduce((a, p) => a + Number(p.rounds), 0));
    const recon = await t.app.services.reports.reconciliation(range);
    expect(recon.lines.filter((l) => !l.ok)).toEqual([]);
    expect(recon.ok).toBe(true);
  }

  it('computes every figure live from the ledger and the imported rounds, equal to independent sums', async () => {
    // Rounds come in through the provider's round history; nothing is rolled while the month is open.
    t.clock.moveTo(bkk('2026-09-30T23:59:30'));
    const pass = await t.app.services.reportJob.runOnce();
    t.clock.moveTo(undefined);
    expect(pass.rounds).toBe(6);
    expect(pass.rolled).toBe(29);
    // Only the last day stays live: every other day is closed.
    await expectReportsMatchTheLedger(SEPT);
    await expectReportsMatchTheLedger({ from: '2026-09-10', to: '2026-09-11' });

    const deposits = await t.app.services.reports.deposits(SEPT);
    expect(deposits.filter((r) => r.currency === 'THB' && r.day === '2026-09-01')).toEqual([
      { day: '2026-09-01', currency: 'THB', channel: 'slip', count: 1, amount: '500.00' },
    ]);
    const channels = [...new Set(deposits.map((r) => r.channel))].sort();
    expect(channels).toEqual(['giftlink', 'manual', 'qr:KBANK', 'qr:ZPAY', 'slip']);
    const lak = deposits.filter((r) => r.currency === 'LAK');
    expect(lak).toEqual([{ day: '2026-09-06', currency: 'LAK', channel: 'manual', count: 1, amount: '2000000.00' }]);
  });

  it('rolls closed days into the same figures, and respects the Bangkok day boundary', async () => {
    t.clock.moveTo(bkk('2026-10-01T00:20:00'));
    const pass = await t.app.services.reportJob.runOnce();
    t.clock.moveTo(undefined);
    expect(pass.rolled).toBe(1);
    await expectReportsMatchTheLedger(SEPT);

    // 23:59:59 on the 10th belongs to the 10th; midnight to the 11th.
    const tenth = await t.app.services.reports.deposits({ from: '2026-09-10', to: '2026-09-10' });
    expect(tenth).toEqual([{ day: '2026-09-10', currency: 'THB', channel: 'slip', count: 1, amount: '111.11' }]);
    const eleventh = await t.app.services.reports.deposits({ from: '2026-09-11', to: '2026-09-11' });
    expect(eleventh).toEqual([{ day: '2026-09-11', currency: 'THB', channel: 'qr:KBANK', count: 1, amount: '222.22' }]);
    // A withdrawal asked at 23:50 and paid at 00:10: requested on the 15th, paid on the 16th.
    const w = await t.app.services.reports.withdrawals({ from: '2026-09-15', to: '2026-09-16' });
    expect(w.map((r) => [r.day, r.requested, r.paid])).toEqual([
      ['2026-09-15', '400.00', '0.00'],
      ['2026-09-16', '0.00', '400.00'],
    ]);
    // The bonus taken on the 2nd and cancelled on the 8th: its cost lands on both days.
    const bonuses = await t.app.services.reports.rewards({ from: '2026-09-01', to: '2026-09-08' });
    expect(bonuses.filter((r) => r.kind === 'bonus').map((r) => [r.day, r.credited, r.takenBack, r.cost])).toEqual([
      ['2026-09-02', '100.00', '0.00', '100.00'],
      ['2026-09-08', '0.00', '40.00', '-40.00'],
    ]);
    const games = await t.app.services.reports.games({ from: '2026-09-10', to: '2026-09-11' });
    expect(games.map((g) => [g.day, g.provider, g.bets, g.ggr])).toEqual([
      ['2026-09-10', 'pg', '100.00', '100.00'],
      ['2026-09-11', 'joker2', '20.00', '-20.00'],
    ]);
  });

  it('answers members, first deposits, the funnel and active players', async () => {
    const rows = await t.app.services.reports.members(SEPT);
    const thb = rows.filter((r) => r.currency === 'THB');
    expect(thb.reduce((a, r) => a + r.registrations, 0)).toBe(4);
    expect(thb.reduce((a, r) => a + r.firstDeposits, 0)).toBe(3);
    expect(thb.find((r) => r.day === '2026-09-02')?.activePlayers).toBe(1);
    expect(thb.find((r) => r.day === '2026-09-03')?.activePlayers).toBe(1);
    expect(rows.filter((r) => r.currency === 'LAK').reduce((a, r) => a + r.registrations, 0)).toBe(1);
    const funnel = await t.app.services.reports.funnel(SEPT);
    expect(funnel.map((r) => [r.day, r.currency, r.registered, r.depositedSameDay, r.depositedWithin7Days, r.deposited])).toEqual([
      ['2026-09-01', 'THB', 1, 1, 1, 1],
      ['2026-09-03', 'THB', 1, 0, 1, 1],
      ['2026-09-05', 'LAK', 1, 0, 1, 1],
      ['2026-09-10', 'THB', 1, 1, 1, 1],
      ['2026-09-20', 'THB', 1, 0, 0, 0],
    ]);
    const summary = await t.app.services.reports.summary(SEPT);
    expect(summary).toHaveLength(60);
    const lakTotal = summary.filter((r) => r.currency === 'LAK');
    // NGR = GGR - reward costs: 500.00 - 5000.00.
    expect(totalExact(lakTotal.map((r) => r.ngr))).toBe(500_00n - 5_000_00n);
  });

  it('rolls a closed day again when late rounds arrive for it', async () => {
    const m = members.a;
    if (!m) throw new Error('member a');
    // Played before the day was rolled, but the provider reports it only now.
    await round(m, 'pg', 7_00n, 0n, bkk('2026-09-30T23:58:00'));
    t.clock.moveTo(bkk('2026-10-01T00:30:00'));
    const pass = await t.app.services.reportJob.runOnce();
    t.clock.moveTo(undefined);
    expect(pass).toMatchObject({ rounds: 1, rerolled: 1 });
    const games = await t.app.services.reports.games({ from: '2026-09-30', to: '2026-09-30' });
    expect(games).toEqual([
      { day: '2026-09-30', currency: 'THB', provider: 'pg', rounds: 1, players: 1, bets: '7.00', payouts: '0.00', ggr: '7.00' },
    ]);
    await expectReportsMatchTheLedger(SEPT);
    await expectLedgerHealthy(db);
  });

  it('answers the reports, the check and the CSV over HTTP to a finance operator, and refuses support', async () => {
    const finance = await loginOperator(t, ['finance']);
    const query = { from: '2026-09-10', to: '2026-09-11' };
    const res = await finance.call(ADMIN_ROUTES.reports.report, { report: 'deposits' }, undefined, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZReportResponses.deposits.parse(res.json()).rows.map((r) => r.amount)).toEqual(['111.11', '222.22']);
    const recon = await finance.call(ADMIN_ROUTES.reports.reconciliation, {}, undefined, SEPT);
    expect(ZReconciliationResponse.parse(recon.json()).ok).toBe(true);
    const csv = await finance.call(ADMIN_ROUTES.reports.csv, { report: 'summary' }, undefined, { ...query, lang: 'la' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(csv.rawPayload.toString('utf8'));
    expect(header?.slice(0, 3)).toEqual(['ວັນທີ', 'ສະກຸນເງິນ', 'ຍອດຝາກ']);
    expect(rows.filter((r) => r[1] === 'THB').map((r) => r[2])).toEqual(['111.11', '222.22']);
    // A range backwards, or too long, or an unknown report: refused.
    expect(
      (await finance.call(ADMIN_ROUTES.reports.report, { report: 'deposits' }, undefined, { from: '2026-09-11', to: '2026-09-10' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await finance.call(ADMIN_ROUTES.reports.report, { report: 'deposits' }, undefined, { from: '2024-01-01', to: '2026-09-10' }))
        .statusCode,
    ).toBe(400);
    expect((await finance.call(ADMIN_ROUTES.reports.report, { report: 'nope' }, undefined, query)).statusCode).toBe(400);
    const support = await loginOperator(t, ['support']);
    const refused = await support.call(ADMIN_ROUTES.reports.report, { report: 'deposits' }, undefined, query);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([403, 'FORBIDDEN']);
  });

  it('reconciliation fails when a rollup disagrees with the ledger', async () => {
    await sql`update report_ledger_daily set credits = credits + 1 where day = '2026-09-01' and account_code like 'bank:%'`.execute(db);
    const recon = await t.app.services.reports.reconciliation(SEPT);
    expect(recon.ok).toBe(false);
    expect(recon.lines.filter((l) => !l.ok).map((l) => [l.scope, l.figure])).toEqual([
      ['range', 'deposits'],
      ['ledger', 'bank:KBANK-0123456789'],
    ]);
    await sql`update report_ledger_daily set credits = credits - 1 where day = '2026-09-01' and account_code like 'bank:%'`.execute(db);
    expect((await t.app.services.reports.reconciliation(SEPT)).ok).toBe(true);
  });
});

describe('report CSV', () => {
  it('round-trips Thai and Lao text, commas, quotes and line breaks, with a BOM', () => {
    const rows = [
      { day: '2026-09-01', currency: 'THB' as const, channel: 'ฝากผ่าน "สลิป", ธนาคาร', count: 1, amount: '1234.50' },
      { day: '2026-09-02', currency: 'LAK' as const, channel: 'ຝາກເງິນ\nຜ່ານ QR', count: 2, amount: '-0.01' },
      { day: '2026-09-03', currency: 'THB' as const, channel: '=HYPERLINK("x")', count: 0, amount: '0.00' },
    ];
    for (const lang of ['th', 'la', 'en'] as const) {
      const text = reportCsv('deposits', rows, lang);
      expect(text.startsWith(BOM)).toBe(true);
      expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header, ...body] = parseCsv(Buffer.from(Buffer.from(text, 'utf8')).toString('utf8'));
      expect(header?.[0]).toBe({ th: 'วันที่', la: 'ວັນທີ', en: 'Day' }[lang]);
      expect(body).toEqual([
        ['2026-09-01', 'THB', 'ฝากผ่าน "สลิป", ธนาคาร', '1', '1234.50'],
        ['2026-09-02', 'LAK', 'ຝາກເງິນ\nຜ່ານ QR', '2', '-0.01'],
        // A formula is neutralised with a leading apostrophe; a negative amount stays a number.
        ['2026-09-03', 'THB', `'=HYPERLINK("x")`, '0', '0.00'],
      ]);
    }
    expect(minorToDecimal(-1n)).toBe('-0.01');
  });
});
