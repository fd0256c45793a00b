import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { GameAccountsTable } from '../../db/tables/wallet.ts';
import type { GameRow } from '../games/games-repository.ts';

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
     * A catalogue game and this member's account there (undefined: none), in
     * one read: every transfer and launch asks both.
     */
    async findWithGame(memberId: string, gameCode: string): Promise<{ game: GameRow; account: GameAccount | undefined } | undefined> {
      const row = await db
        .selectFrom('games as g')
        .leftJoin('game_accounts as a', (join) => join.onRef('a.game_code', '=', 'g.code').on('a.member_id', '=', memberId))
        .selectAll('g')
        .select([
          'a.username as a_username',
          'a.password_sealed as a_password_sealed',
          'a.status as a_status',
          'a.created_at as a_created_at',
          'a.updated_at as a_updated_at',
        ])
        .where('g.code', '=', gameCode)
        .executeTakeFirst();
      if (!row) return undefined;
      const {
        a_username: username,
        a_password_sealed: passwordSealed,
        a_status: status,
        a_created_at: createdAt,
        a_updated_at: updatedAt,
        ...game
      } = row;
      const account =
        username === null || passwordSealed === null || status === null || createdAt === null || updatedAt === null
          ? undefined
          : {
              member_id: memberId,
              game_code: game.code,
              username,
              password_sealed: passwordSealed,
              status,
              created_at: createdAt,
              updated_at: updatedAt,
            };
      return { game, account };
    },

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
