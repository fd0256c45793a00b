import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';

export type DemoPlayer = { id: bigint; game_code: string; username: string; password_hash: string; balance: bigint };
export type TransferRow = { status: 'SUCCESS' | 'FAILED'; reason: string | null; username: string; direction: string; amount: bigint };
type TransferInput = { game: string; transferId: string; username: string; direction: 'deposit' | 'withdraw'; amount: bigint };

/**
 * The demo provider's own tables (Kysely stays here). Like a real provider, it
 * keeps its own balances: the site's ledger never reads these.
 */
export function createDemoRepository(db: Kysely<DB>) {
  const players = (q: Kysely<DB>) => q.selectFrom('demo_players').select(['id', 'game_code', 'username', 'password_hash', 'balance']);

  return {
    /** False when the username is taken in this game. */
    async createPlayer(game: string, username: string, passwordHash: string, currency: string): Promise<boolean> {
      const row = await db
        .insertInto('demo_players')
        .values({ game_code: game, username, password_hash: passwordHash, currency })
        .onConflict((oc) => oc.columns(['game_code', 'username']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    findPlayer(game: string, username: string): Promise<DemoPlayer | undefined> {
      return players(db).where('game_code', '=', game).where('username', '=', username).executeTakeFirst();
    },

    findPlayerById(id: bigint): Promise<DemoPlayer | undefined> {
      return players(db).where('id', '=', id).executeTakeFirst();
    },

    async setPassword(game: string, username: string, passwordHash: string): Promise<boolean> {
      const result = await db
        .updateTable('demo_players')
        .set({ password_hash: passwordHash })
        .where('game_code', '=', game)
        .where('username', '=', username)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    findTransfer(game: string, transferId: string): Promise<TransferRow | undefined> {
      return db
        .selectFrom('demo_transfers')
        .select(['status', 'reason', 'username', 'direction', 'amount'])
        .where('game_code', '=', game)
        .where('transfer_id', '=', transferId)
        .executeTakeFirst();
    },

    /**
     * Applies a transfer once per id (function demo_apply_transfer, one
     * statement): the player row is locked first, so two concurrent calls with
     * the same id run one after the other and the second finds the first's
     * record instead of moving money again.
     */
    async applyTransfer(game: string, t: Omit<TransferInput, 'game'>, now: Date) {
      const { rows } = await sql<TransferRow & { balance: bigint | null; replayed: boolean }>`
        select r_status as status, r_reason as reason, r_username as username, r_direction as direction,
               r_amount as amount, r_balance as balance, r_replayed as replayed
        from demo_apply_transfer(${game}, ${t.transferId}, ${t.username}, ${t.direction}, ${t.amount}::bigint, ${now}::timestamptz)`.execute(
        db,
      );
      const row = rows[0];
      if (!row) throw new Error('demo_apply_transfer answered no row');
      return row;
    },

    /**
     * Cancels a transfer id: unless it was applied already, it is recorded
     * FAILED (CANCELLED), so the request itself, arriving later, finds that
     * record and moves nothing. The player's row is locked first, as
     * demo_apply_transfer locks it: an apply under way finishes before this
     * reads. Answers the id's record, final either way.
     */
    async cancelTransfer(game: string, t: Omit<TransferInput, 'game'>, now: Date): Promise<TransferRow> {
      return db.transaction().execute(async (trx) => {
        const player = await trx
          .selectFrom('demo_players')
          .select('id')
          .where('game_code', '=', game)
          .where('username', '=', t.username)
          .forUpdate()
          .executeTakeFirst();
        await insertTransfer(trx, { game, ...t }, player?.id ?? null, 'FAILED', 'CANCELLED', now);
        return trx
          .selectFrom('demo_transfers')
          .select(['status', 'reason', 'username', 'direction', 'amount'])
          .where('game_code', '=', game)
          .where('transfer_id', '=', t.transferId)
          .executeTakeFirstOrThrow();
      });
    },

    /** Records a transfer refused before any work (an injected failure); a no-op if the id exists. */
    recordTransfer: (t: TransferInput, status: 'SUCCESS' | 'FAILED', reason: string | null, now: Date) =>
      insertTransfer(db, t, null, status, reason, now),

    /** Takes the bet and pays the payout in one statement; undefined when the balance cannot cover the bet. */
    async playRound(
      playerId: bigint,
      game: string,
      round: { kind: 'slot' | 'sport' | 'lotto'; bet: bigint; payout: bigint; detail: unknown },
      now: Date,
    ) {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('demo_players')
          .set((eb) => ({ balance: eb(eb('balance', '-', round.bet), '+', round.payout) }))
          .where('id', '=', playerId)
          .where('balance', '>=', round.bet)
          .returning('balance')
          .executeTakeFirst();
        if (!moved) return undefined;
        await trx
          .insertInto('demo_rounds')
          .values({
            game_code: game,
            player_id: playerId,
            game: round.kind,
            bet: round.bet,
            payout: round.payout,
            detail: JSON.stringify(round.detail),
            played_at: now,
          })
          .execute();
        return moved.balance;
      });
    },

    rounds(game: string, query: { since: Date; after: bigint | null; limit: number; playerId?: bigint }) {
      return db
        .selectFrom('demo_rounds as r')
        .innerJoin('demo_players as p', 'p.id', 'r.player_id')
        .select(['r.id', 'p.username', 'r.game', 'r.bet', 'r.payout', 'r.detail', 'r.played_at'])
        .where('r.game_code', '=', game)
        .where('r.played_at', '>=', query.since)
        .$if(query.after !== null, (q) => q.where('r.id', '>', query.after ?? 0n))
        .$if(query.playerId !== undefined, (q) => q.where('r.player_id', '=', query.playerId ?? 0n))
        .orderBy('r.id')
        .limit(query.limit)
        .execute();
    },

    async latestRounds(playerId: bigint, limit: number) {
      return db
        .selectFrom('demo_rounds')
        .select(['id', 'game', 'bet', 'payout', 'detail', 'played_at'])
        .where('player_id', '=', playerId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async createSession(tokenHash: string, kind: 'launch' | 'session', playerId: bigint, expiresAt: Date): Promise<void> {
      await db.insertInto('demo_sessions').values({ token_hash: tokenHash, kind, player_id: playerId, expires_at: expiresAt }).execute();
    },

    /** Single use: the first caller marks the launch token used; any later one gets nothing. */
    async consumeLaunchToken(tokenHash: string, now: Date): Promise<bigint | undefined> {
      const row = await db
        .updateTable('demo_sessions')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', 'launch')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('player_id')
        .executeTakeFirst();
      return row?.player_id;
    },

    async sessionPlayer(tokenHash: string, now: Date): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('demo_sessions')
        .select('player_id')
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', 'session')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.player_id;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.deleteFrom('demo_sessions').where('token_hash', '=', tokenHash).execute();
    },
  };
}

export type DemoRepository = ReturnType<typeof createDemoRepository>;

async function insertTransfer(
  q: Kysely<DB>,
  t: TransferInput,
  playerId: bigint | null,
  status: 'SUCCESS' | 'FAILED',
  reason: string | null,
  now: Date,
): Promise<void> {
  await q
    .insertInto('demo_transfers')
    .values({
      game_code: t.game,
      transfer_id: t.transferId,
      player_id: playerId,
      username: t.username,
      direction: t.direction,
      amount: t.amount,
      status,
      reason,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['game_code', 'transfer_id']).doNothing())
    .execute();
}
