import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { checkInvariants } from '../../src/ledger/check-invariants.ts';

/** One member's money as the ledger and the providers see it (minor units). */
export type MemberMoney = { wallet: bigint; ledgerGames: Map<string, bigint>; providerGames: Map<string, bigint> };

/**
 * What the fault run asserts at the end, read from the database: the ledger
 * (wallet and game accounts) and the demo provider's own tables (its players'
 * balances), which it keeps apart from the ledger as a remote provider would.
 */
export function createChaosChecks(db: Kysely<DB>) {
  return {
    async pendingTransfers(): Promise<number> {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from transfers where status = 'PENDING'`.execute(db);
      return rows[0]?.n ?? 0;
    },

    async money(memberId: string): Promise<MemberMoney> {
      const accounts = await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('owner_id', '=', memberId).execute();
      const wallet = accounts.find((a) => a.code === 'wallet')?.balance ?? 0n;
      const ledgerGames = new Map(accounts.filter((a) => a.code.startsWith('game:')).map((a) => [a.code.slice(5), a.balance]));
      const { rows } = await sql<{ game_code: string; balance: bigint }>`
        select ga.game_code, dp.balance from game_accounts ga
        join demo_players dp on dp.game_code = ga.game_code and dp.username = ga.username
        where ga.member_id = ${memberId}`.execute(db);
      const providerGames = new Map(rows.map((r) => [r.game_code, BigInt(r.balance)]));
      return { wallet, ledgerGames, providerGames };
    },

    /** Wins and losses booked for these members: they play no round, so there must be none. */
    async pnlEntries(memberIds: string[]): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        select count(distinct e.id)::int as n from journal_entries e
        join postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id
        where e.kind = 'game.pnl' and a.owner_id in (${sql.join(memberIds)})`.execute(db);
      return rows[0]?.n ?? 0;
    },

    /** Keys of these members still `processing` (their request never stored an answer). */
    async processingKeys(memberIds: string[]): Promise<{ scope: string; key: string }[]> {
      return db
        .selectFrom('idempotency_keys')
        .select(['scope', 'key'])
        .where('state', '=', 'processing')
        .where('scope', 'in', memberIds)
        .execute();
    },

    /**
     * The legs' statuses of every transfer these members started under a key,
     * first leg first, by key: what each request did to the money.
     */
    async legsByKey(memberIds: string[]): Promise<Map<string, string[]>> {
      const { rows } = await sql<{ key: string; status: string }>`
        select f.idempotency_key as key, t.status from transfers f
        join transfers t on t.group_id = f.id
        where f.idempotency_key is not null and f.member_id in (${sql.join(memberIds)})
        order by f.idempotency_key, t.created_at, t.id`.execute(db);
      const legs = new Map<string, string[]>();
      for (const row of rows) legs.set(row.key, [...(legs.get(row.key) ?? []), row.status]);
      return legs;
    },

    async invariantViolations(): Promise<string[]> {
      return (await checkInvariants(db)).map((v) =>
        JSON.stringify(v, (_k, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
      );
    },
  };
}

export function totalOf(money: MemberMoney): bigint {
  let total = money.wallet;
  for (const balance of money.providerGames.values()) total += balance;
  return total;
}

export type ChaosChecks = ReturnType<typeof createChaosChecks>;
