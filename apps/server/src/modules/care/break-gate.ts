import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROUTES } from '@jetton/contract/routes';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { breakInForce } from './break-service.ts';

/**
 * What a member on a break may still do besides reading (docs/player-care.md, "Breaks"): take their
 * money out, look after their account, talk to support, and manage their care. Every other member
 * write (and launching a game) is refused, so a route added later is closed to them by default.
 */
const ALLOWED_ON_BREAK = new Set<string>([
  ROUTES.account.logout,
  ROUTES.account.profile,
  ROUTES.account.changePassword,
  ROUTES.account.bankAccountName,
  ROUTES.wallet.withdraw,
  ROUTES.wallet.withdrawAll,
  ROUTES.wallet.refreshSlot,
  ROUTES.qrcode.byId,
  // Reads that the API answers to POST.
  ROUTES.statement.list,
  ROUTES.statement.slip,
  ROUTES.invite.list,
  ROUTES.refund.list,
  ROUTES.chat.sendMessage,
  ROUTES.chat.history,
  ROUTES.chat.readCustomer,
  ROUTES.chat.uploadImage,
  ROUTES.chat.uploadVideo,
  ROUTES.line.linkCode,
  ROUTES.line.link,
  ROUTES.push.subscriptions,
  ...Object.values(ROUTES.care),
]);

/** Member calls that take a bonus, a reward or a game although they answer GET (the API's older calls). */
const PLAY_READS = new Set<string>([
  ROUTES.autoLogin,
  ROUTES.wallet.activate,
  ROUTES.wallet.resetPassword,
  ROUTES.bonus.activate,
  ROUTES.promotion.activate,
  ROUTES.invite.bonus,
  ROUTES.refund.receive,
  ROUTES.refund.addWallet,
]);

function refusedOnBreak(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  // Money back from a game to the wallet stays possible; into a game does not.
  if (url === ROUTES.wallet.transfer) return (request.body as { to?: unknown } | undefined)?.to !== 'WALLET';
  if (PLAY_READS.has(url)) return true;
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return !ALLOWED_ON_BREAK.has(url);
}

/** Refuses, on every node at once, what a member on a cool-off or self-exclusion may not do (the break is on the session's member row). */
export function registerBreakGate(app: FastifyInstance, clock: Clock): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const member = request.member;
    if (member && breakInForce(member.breakKind, member.breakEndsAt, clock.now()) && refusedOnBreak(request)) {
      done(new AppError(member.breakKind === 'cool-off' ? 'COOLING_OFF' : 'SELF_EXCLUDED'));
      return;
    }
    done();
  });
}
