import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@jetton/contract/text';
import {
  ZBlacklistAdd,
  ZBlacklistEntry,
  ZBlacklistList,
  ZMemberBankEdit,
  ZMemberDecision,
  ZMemberDetail,
  ZMemberResetResponse,
  ZMemberSearchQuery,
  ZMemberSearchResponse,
  ZMemberStatementQuery,
  ZMemberSummary,
} from '@jetton/contract/admin/members';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ZStatementResponse } from '@jetton/contract/wallet';
import { AppError } from '../../http/app-error.ts';
import type { StatementService } from '../statement/statement-service.ts';
import { adminRoute, operatorOf } from './admin-guard.ts';
import type { MembersAdminService } from './members-admin-service.ts';

const ZId = z.object({ id: text().max(64) });
const ZOk = z.object({ ok: z.literal(true) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The members pages and the bank-account blacklist (docs/operators.md, "Members"). */
export function registerMembersAdminRoutes(
  app: FastifyInstance,
  deps: { members: MembersAdminService; statements: StatementService },
): void {
  const R = ADMIN_ROUTES;
  const { members } = deps;
  adminRoute(
    app,
    R.members.search,
    { schema: { querystring: ZMemberSearchQuery, response: { 200: ZMemberSearchResponse } } },
    async (request) => ({
      members: await members.search(request.query.q, request.query.limit),
    }),
  );
  adminRoute(app, R.members.detail, { schema: { params: ZId, response: { 200: ZMemberDetail } } }, async (request) =>
    members.detail(request.params.id),
  );
  adminRoute(
    app,
    R.members.statement,
    { schema: { params: ZId, querystring: ZMemberStatementQuery, response: { 200: ZStatementResponse } } },
    async (request) => {
      if (!UUID.test(request.params.id)) throw new AppError('NO_USER');
      return deps.statements.page(request.params.id, request.query);
    },
  );
  adminRoute(
    app,
    R.members.suspend,
    { schema: { params: ZId, body: ZMemberDecision, response: { 200: ZMemberSummary } } },
    async (request) => members.setSuspended(operatorOf(request), request.params.id, true, request.body.reason, request.ip),
  );
  adminRoute(
    app,
    R.members.reactivate,
    { schema: { params: ZId, body: ZMemberDecision, response: { 200: ZMemberSummary } } },
    async (request) => members.setSuspended(operatorOf(request), request.params.id, false, request.body.reason, request.ip),
  );
  adminRoute(
    app,
    R.members.resetPassword,
    { schema: { params: ZId, body: ZMemberDecision, response: { 200: ZMemberResetResponse } } },
    async (request) => members.resetPassword(operatorOf(request), request.params.id, request.body.reason, request.ip),
  );
  adminRoute(
    app,
    R.members.editBank,
    { schema: { params: ZId, body: ZMemberBankEdit, response: { 200: ZMemberSummary } } },
    async (request) => members.editBank(operatorOf(request), request.params.id, request.body, request.ip),
  );

  adminRoute(app, R.blacklist.list, { schema: { response: { 200: ZBlacklistList } } }, async () => ({
    entries: await members.blacklistList(),
  }));
  adminRoute(app, R.blacklist.add, { schema: { body: ZBlacklistAdd, response: { 200: ZBlacklistEntry } } }, async (request) =>
    members.blacklistAdd(operatorOf(request), request.body, request.ip),
  );
  adminRoute(app, R.blacklist.remove, { schema: { params: ZId, response: { 200: ZOk } } }, async (request) => {
    await members.blacklistRemove(operatorOf(request), request.params.id, request.ip);
    return { ok: true as const };
  });
}
