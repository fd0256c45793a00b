import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../../clock.ts';
import type { CrashPoint } from '../../../crash-point.ts';
import { keyMatches } from '../../party-keys.ts';
import {
  ZCancelRequest,
  ZCreatePlayer,
  ZGameParam,
  ZLaunchRequest,
  ZRoundsQuery,
  ZSetFaults,
  ZSetPassword,
  ZTransferId,
  ZTransferRequest,
  ZUsername,
  type TTransferResult,
} from '../demo-api-schemas.ts';
import { withFaults, type DemoFaults } from './demo-faults.ts';
import { hashPassword, newToken, tokenHash } from './demo-passwords.ts';
import type { DemoRepository } from './demo-repository.ts';

export type DemoApiDeps = {
  repo: DemoRepository;
  faults: DemoFaults;
  clock: Clock;
  agentKey: string;
  /** The crash test's hook: the provider's process dies mid-call (docs/faults.md, "Killed at each step"). */
  crash?: CrashPoint;
};

/** A launch token opens the game once, within a minute. */
const LAUNCH_TOKEN_TTL_S = 60;
const tags = ['sandbox: demo game provider'];

/** The provider's server-to-server API (what the site's adapter calls), under /sandbox/games/api/:game. */
export async function registerDemoApiRoutes(app: FastifyInstance, deps: DemoApiDeps): Promise<void> {
  const { repo, faults, clock } = deps;

  await app.register(
    (api, _options, registered) => {
      api.addHook('onRequest', (request, reply, done) => {
        if (!keyMatches(deps.agentKey, request.headers['x-agent-key'])) return reply.status(401).send({ error: 'BAD_AGENT_KEY' });
        done();
      });

      const gameOf = (params: unknown) => ZGameParam.parse(params).game;
      const run = (game: string, reply: FastifyReply, apply: () => Promise<{ status: number; body: unknown }>) =>
        withFaults(faults.for(game), reply, { apply });

      api.post('/players', { schema: { tags, params: ZGameParam, body: ZCreatePlayer } }, async (request, reply) => {
        const game = gameOf(request.params);
        const body = request.body as z.infer<typeof ZCreatePlayer>;
        return run(game, reply, async () =>
          (await repo.createPlayer(game, body.username, await hashPassword(body.password), body.currency))
            ? { status: 201, body: { username: body.username } }
            : { status: 409, body: { error: 'PLAYER_EXISTS' } },
        );
      });

      const ZPlayerParams = ZGameParam.extend({ username: ZUsername });

      api.put('/players/:username/password', { schema: { tags, params: ZPlayerParams, body: ZSetPassword } }, async (request, reply) => {
        const { game, username } = ZPlayerParams.parse(request.params);
        const { password } = request.body as z.infer<typeof ZSetPassword>;
        return run(game, reply, async () =>
          (await repo.setPassword(game, username, await hashPassword(password)))
            ? { status: 200, body: { username } }
            : { status: 404, body: { error: 'PLAYER_NOT_FOUND' } },
        );
      });

      api.get('/players/:username/balance', { schema: { tags, params: ZPlayerParams } }, async (request, reply) => {
        const { game, username } = ZPlayerParams.parse(request.params);
        return run(game, reply, async () => {
          const player = await repo.findPlayer(game, username);
          return player
            ? { status: 200, body: { balance: player.balance.toString() } }
            : { status: 404, body: { error: 'PLAYER_NOT_FOUND' } };
        });
      });

      api.post('/transfers', { schema: { tags, params: ZGameParam, body: ZTransferRequest } }, async (request, reply) => {
        const game = gameOf(request.params);
        const body = request.body as z.infer<typeof ZTransferRequest>;
        const transfer = { transferId: body.transferId, username: body.username, direction: body.direction, amount: BigInt(body.amount) };
        const answer = (status: 'SUCCESS' | 'FAILED', reason: string | null, balance: bigint | null): TTransferResult => ({
          transferId: body.transferId,
          status,
          reason,
          balance: balance === null ? null : balance.toString(),
        });
        return withFaults(faults.for(game), reply, {
          async apply() {
            deps.crash?.('provider.received');
            const result = await repo.applyTransfer(game, transfer, clock.now());
            deps.crash?.('provider.applied');
            const same =
              result.username === transfer.username && result.direction === transfer.direction && result.amount === transfer.amount;
            if (!same) return { status: 409, body: { error: 'TRANSFER_ID_CONFLICT' } };
            return { status: 200, body: answer(result.status, result.reason, result.balance) };
          },
          async refuse() {
            await repo.recordTransfer({ game, ...transfer }, 'FAILED', 'PROVIDER_REJECTED', clock.now());
            const recorded = await repo.findTransfer(game, transfer.transferId);
            return { status: 200, body: answer(recorded?.status ?? 'FAILED', recorded?.reason ?? 'PROVIDER_REJECTED', null) };
          },
        });
      });

      const ZTransferParams = ZGameParam.extend({ transferId: ZTransferId });

      // After a cancel, the transfer id is final: a request with it arriving later is refused (docs/games.md).
      api.post(
        '/transfers/:transferId/cancel',
        { schema: { tags, params: ZTransferParams, body: ZCancelRequest } },
        async (request, reply) => {
          const { game, transferId } = ZTransferParams.parse(request.params);
          const body = request.body as z.infer<typeof ZCancelRequest>;
          return run(game, reply, async () => {
            const transfer = { transferId, username: body.username, direction: body.direction, amount: BigInt(body.amount) };
            const recorded = await repo.cancelTransfer(game, transfer, clock.now());
            return { status: 200, body: { transferId, status: recorded.status } };
          });
        },
      );

      api.get('/transfers/:transferId', { schema: { tags, params: ZTransferParams } }, async (request, reply) => {
        const { game, transferId } = ZTransferParams.parse(request.params);
        return run(game, reply, async () => {
          const found = await repo.findTransfer(game, transferId);
          return found
            ? { status: 200, body: { transferId, status: found.status } }
            : { status: 404, body: { transferId, status: 'NOT_FOUND' } };
        });
      });

      api.post('/launch', { schema: { tags, params: ZGameParam, body: ZLaunchRequest } }, async (request, reply) => {
        const game = gameOf(request.params);
        const { username } = request.body as z.infer<typeof ZLaunchRequest>;
        return run(game, reply, async () => {
          const player = await repo.findPlayer(game, username);
          if (!player) return { status: 404, body: { error: 'PLAYER_NOT_FOUND' } };
          const token = newToken();
          await repo.createSession(tokenHash(token), 'launch', player.id, new Date(clock.now().getTime() + LAUNCH_TOKEN_TTL_S * 1000));
          return { status: 200, body: { token, expiresInSeconds: LAUNCH_TOKEN_TTL_S } };
        });
      });

      api.get('/rounds', { schema: { tags, params: ZGameParam, querystring: ZRoundsQuery } }, async (request, reply) => {
        const game = gameOf(request.params);
        const query = request.query as z.infer<typeof ZRoundsQuery>;
        return run(game, reply, async () => {
          const rows = await repo.rounds(game, {
            since: new Date(query.since),
            after: query.after ? BigInt(query.after) : null,
            limit: query.limit + 1,
          });
          const page = rows.slice(0, query.limit);
          const rounds = page.map((r) => ({
            id: r.id.toString(),
            username: r.username,
            game: r.game,
            bet: r.bet.toString(),
            payout: r.payout.toString(),
            playedAt: r.played_at.toISOString(),
          }));
          return { status: 200, body: { rounds, next: rows.length > query.limit ? (rounds.at(-1)?.id ?? null) : null } };
        });
      });
      registered();
    },
    { prefix: '/api/:game' },
  );

  // Operator and test controls: no agent key (they move no money).
  app.get('/faults', { schema: { tags } }, (_request, reply) => reply.send(faults.snapshot()));
  app.post('/faults', { schema: { tags, body: ZSetFaults } }, (request, reply) => {
    const { game, ...rest } = request.body as z.infer<typeof ZSetFaults>;
    faults.set(game, rest);
    return reply.send(faults.snapshot());
  });
  app.post('/faults/reset', { schema: { tags } }, (_request, reply) => {
    faults.reset();
    return reply.send(faults.snapshot());
  });
}
