import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '@jetton/contract/routes';
import { ZGameAccount, ZGameCodeParams, ZSlotsResponse, ZWalletResponse } from '@jetton/contract/wallet';
import { memberOf } from '../auth/member-guard.ts';
import type { GameAccountService } from './game-account-service.ts';
import type { RefreshService } from './refresh-service.ts';
import type { WalletService } from './wallet-service.ts';

type Deps = { wallet: WalletService; gameAccounts: GameAccountService; refresh: RefreshService };

const tags = ['wallet'];
const security = [{ bearer: [] }];

/** The wallet summary and the member's game accounts (docs/games.md). */
export function registerWalletRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: app.requireMember };

  r.get(ROUTES.wallet.summary, { ...member, schema: { tags, security, response: { 200: ZWalletResponse } } }, async (request) =>
    deps.wallet.summary(memberOf(request)),
  );

  r.get(ROUTES.wallet.refreshSlot, { ...member, schema: { tags, security, response: { 200: ZSlotsResponse } } }, async (request) => ({
    slots: await deps.refresh.refresh(memberOf(request)),
  }));

  const byCode = { tags, security, params: ZGameCodeParams, response: { 200: ZGameAccount } };
  r.get(ROUTES.wallet.activate, { ...member, schema: byCode }, async (request) =>
    deps.gameAccounts.activate(memberOf(request), request.params.code),
  );
  r.get(ROUTES.wallet.account, { ...member, schema: byCode }, async (request) =>
    deps.gameAccounts.account(memberOf(request), request.params.code),
  );
  r.get(ROUTES.wallet.resetPassword, { ...member, schema: byCode }, async (request) =>
    deps.gameAccounts.resetPassword(memberOf(request), request.params.code),
  );
}
