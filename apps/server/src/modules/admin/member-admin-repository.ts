import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What the members pages read (docs/operators.md, "Members"). Kysely stays here. */
export function createMemberAdminRepository(db: Kysely<DB>) {
  const memberColumns = [
    'id',
    'member_no',
    'name',
    'phone',
    'status',
    'currency',
    'bank_code',
    'bank_account_name',
    'bank_account_no',
    'created_at',
    'coin',
    'must_change_password',
    'source_code',
    'invited_by',
  ] as const;
  return {
    /**
     * Exact phone, member number (PR optional) or account number first (all
     * indexed), then names containing the text. Newest members first.
     */
    async search(q: string, limit: number) {
      const text = q.trim();
      const digits = /^(?:PR)?(\d{1,18})$/i.exec(text)?.[1];
      let query = db.selectFrom('members').select(memberColumns).orderBy('created_at', 'desc').limit(limit);
      query = query.where((eb) => {
        const ors = [eb('name', 'ilike', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)];
        if (digits) {
          ors.push(eb('phone', '=', digits), eb('bank_account_no', '=', digits));
          if (digits.length <= 15) ors.push(eb('member_no', '=', sql<bigint>`${digits}::bigint`));
        }
        return eb.or(ors);
      });
      return query.execute();
    },
    byId: (id: string) => db.selectFrom('members').select(memberColumns).where('id', '=', id).executeTakeFirst(),
    async inviteesOf(id: string): Promise<number> {
      const row = await db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('invited_by', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    walletBalance: async (id: string) =>
      (await db.selectFrom('ledger_accounts').select('balance').where('owner_id', '=', id).where('kind', '=', 'wallet').executeTakeFirst())
        ?.balance ?? 0n,
    games: (id: string) =>
      db
        .selectFrom('ledger_accounts as l')
        // A game account's ledger code is `game:<game code>` (ledger/account-codes.ts): the game and the member's login there join on it.
        .leftJoin('games as gm', (join) => join.on(sql`'game:' || gm.code`, '=', sql.ref('l.code')))
        .leftJoin('game_accounts as g', (join) =>
          join.onRef('g.member_id', '=', 'l.owner_id').on(sql`'game:' || g.game_code`, '=', sql.ref('l.code')),
        )
        .select(['l.code', 'l.balance', 'g.username', 'g.status', 'gm.name'])
        .where('l.owner_id', '=', id)
        .where('l.kind', '=', 'game')
        .orderBy('l.code')
        .execute(),
    slips: (id: string) =>
      db
        .selectFrom('slips')
        .select(['id', 'status', 'note', 'amount', 'trans_ref', 'created_at'])
        .where('member_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute(),
    withdrawals: (id: string) =>
      db
        .selectFrom('withdrawals')
        .select(['id', 'status', 'amount', 'bank_account_no', 'note', 'created_at'])
        .where('member_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute(),
    qrDeposits: (id: string) =>
      db
        .selectFrom('qr_codes')
        .select(['id', 'provider', 'status', 'amount', 'created_at'])
        .where('member_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute(),
    manualDeposits: (id: string) =>
      db
        .selectFrom('deposit_notices')
        .select(['id', 'status', 'amount', 'created_at'])
        .where('member_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute(),
    sessions: (id: string) =>
      db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'expires_at', 'revoked_at'])
        .where('member_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute(),
    async updateBank(
      id: string,
      fields: { bank_code: string; bank_account_name: string; bank_account_no: string },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('members')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type MemberAdminRepository = ReturnType<typeof createMemberAdminRepository>;
