import type { Kysely } from 'kysely';
import type { TRealityCheck } from '@jetton/contract/care';
import { fromMinor } from '@jetton/contract/money';
import { MINUTE_MS } from '@jetton/contract/site-time';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { createCareRepository } from './care-repository.ts';

/**
 * A session lasts while the member's games hold money (play goes on at the provider, unseen by us); once
 * everything is back in the wallet, half an hour without a transfer into a game ends it.
 */
const SESSION_GAP_MS = 30 * MINUTE_MS;

/**
 * Reality checks (docs/player-care.md, "Reality checks"): while a member plays, every interval they
 * chose, the site shows the time played and the net result since the last check. A session starts with
 * a transfer into a game; its state lives in PostgreSQL, so any node answers the same.
 */
export function createRealityCheckService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createCareRepository(deps.db);

  async function state(memberId: string): Promise<TRealityCheck> {
    const now = deps.clock.now();
    const minutes = await repo.realityMinutes(memberId);
    const session = await repo.session(memberId);
    const held = session ? await repo.gamesHeld(memberId) : 0n;
    if (!session || (held === 0n && now.getTime() - session.last_play_at.getTime() > SESSION_GAP_MS)) {
      return { minutes, due: false, session: null };
    }
    const { staked, returned } = await repo.playedSince(memberId, session.last_check_at);
    // What the games hold now, less what they held at the last check and what was sent in since, plus what came back.
    const net = held - session.games_at_check - staked + returned;
    return {
      minutes,
      due: minutes > 0 && now.getTime() - session.last_check_at.getTime() >= minutes * MINUTE_MS,
      session: {
        startedAt: session.started_at.toISOString(),
        playedMinutes: Math.floor((now.getTime() - session.started_at.getTime()) / MINUTE_MS),
        since: session.last_check_at.toISOString(),
        net: fromMinor(net),
      },
    };
  }

  return {
    state,

    /** A transfer into a game: the session goes on, or a new one starts (before the money moved, so it counts from here). */
    async notePlay(memberId: string): Promise<void> {
      const now = deps.clock.now();
      const [session, held] = await Promise.all([repo.session(memberId), repo.gamesHeld(memberId)]);
      const live = session && (held > 0n || now.getTime() - session.last_play_at.getTime() <= SESSION_GAP_MS);
      if (live) return repo.touchSession(memberId, now);
      await repo.startSession(memberId, now, held);
    },

    /** "Keep playing" counts the next interval from now; "stop" ends the session (the web brings the money back). */
    async answer(memberId: string, choice: 'continue' | 'stop'): Promise<TRealityCheck> {
      if (choice === 'stop') await repo.endSession(memberId);
      else await repo.checked(memberId, deps.clock.now(), await repo.gamesHeld(memberId));
      return state(memberId);
    },

    async setMinutes(memberId: string, minutes: number): Promise<TRealityCheck> {
      await repo.setRealityMinutes(memberId, minutes);
      return state(memberId);
    },
  };
}

export type RealityCheckService = ReturnType<typeof createRealityCheckService>;
