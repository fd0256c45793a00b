import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import { HOUR_MS } from '@jetton/contract/site-time';
import type { LaunchTarget, Platform } from '../../adapters/games/game-provider.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import type { GameAccessService } from './game-access.ts';
import type { LaunchTicketRepository } from './launch-ticket-repository.ts';
import type { WalletRulesSource } from './wallet-rules.ts';

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/**
 * Opening a game (GET /api/autoLogin). The answer is always a link without the
 * game password in it: the provider's short-lived launch token, or, for a
 * launcher that posts a login form, a one-time page of this server that posts
 * the form from the member's browser (launch-page.ts).
 */
export function createLaunchService(deps: {
  clock: Clock;
  rules: WalletRulesSource;
  access: GameAccessService;
  tickets: LaunchTicketRepository;
  log: FastifyBaseLogger;
}) {
  const { access, clock } = deps;

  async function target(member: Pick<AuthMember, 'memberId'>, code: string, platform: Platform, username?: string): Promise<LaunchTarget> {
    const { account, provider } = await access.activeAccount(member, code);
    // Only the member's own player: another username, even a real one, is not theirs.
    if (username !== undefined && username.toLowerCase() !== account.username) throw new AppError('SLOT_NO_ACCOUNT');
    const password = access.password(account);
    if (password === undefined) throw new AppError('GAME_ACTIVATION_FAIL');
    try {
      return await provider.launch({ username: account.username, password, platform });
    } catch (error) {
      deps.log.warn({ err: error, game: code }, 'game launch failed at the provider');
      throw new AppError('GAME_ACTIVATION_FAIL');
    }
  }

  return {
    async link(member: AuthMember, request: { game: string; username: string; platform: Platform }): Promise<{ link: string }> {
      const launch = await target(member, request.game, request.platform, request.username);
      if (launch.kind === 'link') return { link: launch.url };
      const ticket = randomBytes(24).toString('base64url');
      const now = clock.now();
      const { launchTicketTtlMs } = await deps.rules.get();
      await deps.tickets.purgeExpiredBefore(new Date(now.getTime() - HOUR_MS));
      await deps.tickets.create(
        hashTicket(ticket),
        { member_id: member.memberId, game_code: request.game, platform: request.platform },
        new Date(now.getTime() + launchTicketTtlMs),
      );
      return { link: apiPath(ROUTES.gameLaunch, { ticket }) };
    },

    /** The form a ticket opens, built when the page is served (the password never sits in the ticket). */
    async formFor(ticket: string): Promise<Extract<LaunchTarget, { kind: 'form' }>> {
      const found = await deps.tickets.consume(hashTicket(ticket), clock.now());
      if (!found) throw new AppError('NOT_FOUND');
      const launch = await target({ memberId: found.member_id }, found.game_code, found.platform);
      if (launch.kind !== 'form') throw new AppError('NOT_FOUND');
      return launch;
    },
  };
}

export type LaunchService = ReturnType<typeof createLaunchService>;
