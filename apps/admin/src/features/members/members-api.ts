import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZMemberDetail,
  ZMemberResetResponse,
  ZMemberSearchResponse,
  ZMemberSummary,
  ZBlacklistEntry,
  type TMemberBankEdit,
} from '@jetton/contract/admin/members';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { ZStatementResponse } from '@jetton/contract/wallet';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { adminRequest } from '@admin/lib/admin-api';
import { withQuery } from '@admin/lib/query-string';

export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'members', 'search', q],
    queryFn: ({ signal }) => adminRequest(withQuery(ADMIN_ROUTES.members.search.path, { q }), { schema: ZMemberSearchResponse, signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: string) {
  return useQuery({
    queryKey: ['admin', 'member', id],
    queryFn: ({ signal }) => adminRequest(apiPath(ADMIN_ROUTES.members.detail.path, { id }), { schema: ZMemberDetail, signal }),
    staleTime: 0,
  });
}

export const STATEMENT_PAGE_SIZE = 20;

export function useMemberStatement(id: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'member', id, 'statement', page],
    queryFn: ({ signal }) =>
      adminRequest(withQuery(apiPath(ADMIN_ROUTES.members.statement.path, { id }), { page, limit: STATEMENT_PAGE_SIZE }), {
        schema: ZStatementResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type MemberAction =
  | { kind: 'suspend' | 'reactivate'; reason: string }
  | { kind: 'resetPassword'; reason: string }
  | { kind: 'editBank'; body: TMemberBankEdit }
  | { kind: 'blacklist'; body: { bankCode?: string; bankAccountNo: string; reason: string } };

/** Every decision about a member carries a reason, kept in the audit trail. */
export function useMemberAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, MemberAction>({
    mutationFn: (action) => {
      switch (action.kind) {
        case 'suspend':
        case 'reactivate':
          return adminRequest(apiPath(ADMIN_ROUTES.members[action.kind].path, { id }), {
            method: 'POST',
            body: { reason: action.reason },
            schema: ZMemberSummary,
          });
        case 'resetPassword':
          return adminRequest(apiPath(ADMIN_ROUTES.members.resetPassword.path, { id }), {
            method: 'POST',
            body: { reason: action.reason },
            schema: ZMemberResetResponse,
          });
        case 'editBank':
          return adminRequest(apiPath(ADMIN_ROUTES.members.editBank.path, { id }), {
            method: 'PUT',
            body: action.body,
            schema: ZMemberSummary,
          });
        case 'blacklist':
          return adminRequest(ADMIN_ROUTES.blacklist.add.path, { method: 'POST', body: action.body, schema: ZBlacklistEntry });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'member', id] }),
  });
}
