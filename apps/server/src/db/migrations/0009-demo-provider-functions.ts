import { sql, type Kysely } from 'kysely';

/**
 * The demo provider's transfer as one SQL function (was a six-round-trip
 * transaction): lock the player, answer a transfer id seen before, else move
 * the balance if it allows and record the transfer. A real provider would be
 * this quick; the benchmark should measure the site, not a slow simulator.
 * Output columns are prefixed (r_) so they never shadow the tables' columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function demo_apply_transfer(
      p_game text, p_transfer_id text, p_username text, p_direction text, p_amount bigint, p_now timestamptz
    ) returns table (r_status text, r_reason text, r_username text, r_direction text, r_amount bigint, r_balance bigint, r_replayed boolean)
    language plpgsql as $$
    declare
      v_player bigint;
      v_balance bigint;
      v_seen demo_transfers%rowtype;
      v_status text := 'FAILED';
      v_reason text := 'PLAYER_NOT_FOUND';
    begin
      -- The player's row lock makes two calls with one transfer id run one after
      -- the other: the second reads the first's record below.
      select id, balance into v_player, v_balance from demo_players
        where game_code = p_game and username = p_username for update;
      select * into v_seen from demo_transfers where game_code = p_game and transfer_id = p_transfer_id;
      if found then
        return query select v_seen.status, v_seen.reason, v_seen.username, v_seen.direction, v_seen.amount, v_balance, true;
        return;
      end if;
      if v_player is not null then
        update demo_players
          set balance = balance + (case when p_direction = 'deposit' then p_amount else -p_amount end)
          where id = v_player and balance >= (case when p_direction = 'withdraw' then p_amount else 0 end)
          returning balance into v_balance;
        if found then
          v_status := 'SUCCESS';
          v_reason := null;
        else
          v_reason := 'INSUFFICIENT_BALANCE';
        end if;
      end if;
      insert into demo_transfers (game_code, transfer_id, player_id, username, direction, amount, status, reason, created_at)
        values (p_game, p_transfer_id, v_player, p_username, p_direction, p_amount, v_status, v_reason, p_now)
        on conflict (game_code, transfer_id) do nothing;
      return query select v_status, v_reason, p_username, p_direction, p_amount, v_balance, false;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function demo_apply_transfer(text, text, text, text, bigint, timestamptz)`.execute(db);
}
