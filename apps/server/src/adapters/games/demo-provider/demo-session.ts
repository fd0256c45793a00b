import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../clock.ts';
import { newToken, tokenHash } from './demo-passwords.ts';
import type { DemoRepository } from './demo-repository.ts';

const COOKIE = 'demo_session';
/** A game session lasts two hours; the player logs in (or launches) again after that. */
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The player's session at the demo provider: a random id in an HttpOnly cookie
 * scoped to the game's path, stored only as its hash. SameSite=Lax: it reaches
 * the game after a launch redirect, never a cross-site POST (the bet API).
 */
export function createDemoSessions(repo: DemoRepository, clock: Clock) {
  return {
    async start(reply: FastifyReply, request: FastifyRequest, game: string, playerId: bigint): Promise<void> {
      const token = newToken();
      await repo.createSession(tokenHash(token), 'session', playerId, new Date(clock.now().getTime() + SESSION_TTL_MS));
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${COOKIE}=${token}; Path=/sandbox/games/${game}; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}${secure}`,
      );
    },

    /** The player id of the session this request carries, if it is alive and for this game. */
    async player(request: FastifyRequest): Promise<bigint | undefined> {
      const token = readCookie(request, COOKIE);
      return token ? repo.sessionPlayer(tokenHash(token), clock.now()) : undefined;
    },

    async end(reply: FastifyReply, request: FastifyRequest, game: string): Promise<void> {
      const token = readCookie(request, COOKIE);
      if (token) await repo.deleteSession(tokenHash(token));
      reply.header('set-cookie', `${COOKIE}=; Path=/sandbox/games/${game}; HttpOnly; SameSite=Lax; Max-Age=0`);
    },
  };
}

export type DemoSessions = ReturnType<typeof createDemoSessions>;
