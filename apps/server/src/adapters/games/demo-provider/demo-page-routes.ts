import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import type { Clock } from '../../../clock.ts';
import { ZGameParam, ZMinor } from '../demo-api-schemas.ts';
import { BET_LIMITS, playLotto, playSlot, playSport, type RoundOutcome } from './demo-games.ts';
import { sendPage } from '../../../sandbox/sandbox-page.ts';
import { gamesPage, lobbyPage, playPage, type PageGame } from './demo-pages.ts';
import { tokenHash, verifyPassword } from './demo-passwords.ts';
import type { DemoRepository } from './demo-repository.ts';
import type { DemoSessions } from './demo-session.ts';

const tags = ['sandbox: demo game provider'];
const ZLogin = z.object({ username: text().max(64), password: text().max(128), platform: text().max(16).optional() });
const ZLaunchQuery = z.object({ token: text().max(128) });
const ZLobbyQuery = z.object({ platform: z.enum(['web', 'android', 'ios']).default('web') });
const ZBet = z.object({
  bet: ZMinor,
  pick: z.enum(['home', 'away']).optional(),
  number: text()
    .regex(/^[0-9]{2}$/)
    .optional(),
});

/** The player-facing side of the demo provider: its game list, lobby, login, launch, the games and their bet API. */
export function registerDemoPageRoutes(
  app: FastifyInstance,
  deps: { repo: DemoRepository; sessions: DemoSessions; clock: Clock; games: readonly PageGame[] },
): void {
  const { repo, sessions, clock } = deps;
  const gameOf = (request: FastifyRequest) => ZGameParam.parse(request.params).game;
  function pageGame(code: string): PageGame {
    const game = deps.games.find((g) => g.code === code);
    if (!game) throw new Error(`the demo provider does not host ${code}`);
    return game;
  }

  /** The session's player, when the session belongs to this game. */
  async function sessionPlayer(request: FastifyRequest, game: string) {
    const id = await sessions.player(request);
    const player = id === undefined ? undefined : await repo.findPlayerById(id);
    return player?.game_code === game ? player : undefined;
  }

  app.get('/', (_request, reply) => sendPage(reply, gamesPage(deps.games)));

  app.get('/:game', { schema: { tags, params: ZGameParam, querystring: ZLobbyQuery } }, async (request, reply) => {
    const { platform } = request.query as z.infer<typeof ZLobbyQuery>;
    return sendPage(reply, lobbyPage(pageGame(gameOf(request)), { platform }));
  });

  app.post('/:game/login', { schema: { tags, params: ZGameParam, body: ZLogin } }, async (request, reply) => {
    const game = gameOf(request);
    const { username, password, platform } = request.body as z.infer<typeof ZLogin>;
    const player = await repo.findPlayer(game, username.toLowerCase());
    if (!player || !(await verifyPassword(password, player.password_hash))) {
      return sendPage(reply, lobbyPage(pageGame(game), { platform: platform ?? 'web', error: 'Wrong username or password.' }), 401);
    }
    await sessions.start(reply, request, game, player.id);
    return reply.redirect(`/sandbox/games/${game}/play`, 303);
  });

  app.get('/:game/launch', { schema: { tags, params: ZGameParam, querystring: ZLaunchQuery } }, async (request, reply) => {
    const game = gameOf(request);
    const playerId = await repo.consumeLaunchToken(tokenHash((request.query as z.infer<typeof ZLaunchQuery>).token), clock.now());
    const player = playerId === undefined ? undefined : await repo.findPlayerById(playerId);
    if (!player || player.game_code !== game) {
      return sendPage(
        reply,
        lobbyPage(pageGame(game), {
          platform: 'web',
          error: 'This game link has expired. Open the game again from your wallet, or log in.',
        }),
        401,
      );
    }
    await sessions.start(reply, request, game, player.id);
    // The redirect drops the token from the address bar and history.
    return reply.redirect(`/sandbox/games/${game}/play`, 303);
  });

  app.get('/:game/play', { schema: { tags, params: ZGameParam } }, async (request, reply) => {
    const game = gameOf(request);
    const player = await sessionPlayer(request, game);
    if (!player) return reply.redirect(`/sandbox/games/${game}`, 303);
    return sendPage(reply, playPage(pageGame(game), { username: player.username, balance: player.balance }));
  });

  app.post('/:game/logout', { schema: { tags, params: ZGameParam } }, async (request, reply) => {
    const game = gameOf(request);
    await sessions.end(reply, request, game);
    return reply.redirect(`/sandbox/games/${game}`, 303);
  });

  app.get('/:game/play/state', { schema: { tags, params: ZGameParam } }, async (request, reply) => {
    const game = gameOf(request);
    const player = await sessionPlayer(request, game);
    if (!player) return reply.status(401).send({ error: 'NO_SESSION' });
    const rounds = await repo.latestRounds(player.id, 10);
    return { balance: player.balance.toString(), rounds: rounds.map(wireRound) };
  });

  app.post('/:game/play/bet', { schema: { tags, params: ZGameParam, body: ZBet } }, async (request, reply) => {
    const game = gameOf(request);
    const player = await sessionPlayer(request, game);
    if (!player) return reply.status(401).send({ error: 'NO_SESSION' });
    const body = request.body as z.infer<typeof ZBet>;
    const bet = BigInt(body.bet);
    if (bet < BET_LIMITS.min || bet > BET_LIMITS.max) return reply.status(400).send({ error: 'BET_OUT_OF_RANGE' });
    const kind = pageGame(game).category;
    let outcome: RoundOutcome;
    if (kind === 'slot') outcome = playSlot(bet);
    else if (kind === 'sport') outcome = playSport(bet, body.pick ?? 'home');
    else if (body.number) outcome = playLotto(bet, body.number);
    else return reply.status(400).send({ error: 'NUMBER_REQUIRED' });
    const playedAt = clock.now();
    const balance = await repo.playRound(player.id, game, { kind, bet, payout: outcome.payout, detail: outcome.detail }, playedAt);
    if (balance === undefined) return reply.status(422).send({ error: 'INSUFFICIENT_BALANCE' });
    return {
      balance: balance.toString(),
      payout: outcome.payout.toString(),
      detail: outcome.detail,
      round: { playedAt: playedAt.toISOString(), bet: bet.toString(), payout: outcome.payout.toString() },
    };
  });
}

function wireRound(r: { id: bigint; bet: bigint; payout: bigint; played_at: Date }) {
  return { id: r.id.toString(), playedAt: r.played_at.toISOString(), bet: r.bet.toString(), payout: r.payout.toString() };
}
