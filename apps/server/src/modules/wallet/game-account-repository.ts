import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { GameAccountsTable } from '../../db/tables/wallet.ts';

export type GameAccount = Selectable<GameAccountsTable>;

/** The members' game accounts (Kysely stays here). Every read is by the member's own id. */
export function createGameAccountRepository(db: Kysely<DB>) {
  const find = (memberId: string, gameCode: string): Promise<GameAccount | undefined> =>
    db.selectFrom('game_accounts').selectAll().where('member_id', '=', memberId).where('game_code', '=', gameCode).executeTakeFirst();

  return {
    listForMember(memberId: string): Promise<GameAccount[]> {
      return db.selectFrom('game_accounts').selectAll().where('member_id', '=', memberId).execute();
    },

    find,

    /**
     * The row of an activation, created once: concurrent or retried activations
     * all get the same row, hence the same username and password to send.
     */
    async claim(row: GameAccount): Promise<GameAccount> {
      await db
        .insertInto('game_accounts')
        .values(row)
        .onConflict((oc) => oc.columns(['member_id', 'game_code']).doNothing())
        .execute();
      const stored = await find(row.member_id, row.game_code);
      if (!stored) throw new Error('game account vanished after its claim');
      return stored;
    },

    async markActive(memberId: string, gameCode: string, now: Date): Promise<void> {
      await db
        .updateTable('game_accounts')
        .set({ status: 'active', updated_at: now })
        .where('member_id', '=', memberId)
        .where('game_code', '=', gameCode)
        .execute();
    },

    async setPassword(memberId: string, gameCode: string, passwordSealed: string, now: Date): Promise<void> {
      await db
        .updateTable('game_accounts')
        .set({ password_sealed: passwordSealed, updated_at: now })
        .where('member_id', '=', memberId)
        .where('game_code', '=', gameCode)
        .execute();
    },
  };
}

export type GameAccountRepository = ReturnType<typeof createGameAccountRepository>;
