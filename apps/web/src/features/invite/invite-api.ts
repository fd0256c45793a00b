import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZProfileResponse } from '@jetton/contract/account';
import { ROUTES } from '@jetton/contract/routes';
import { ZBannerList, ZInviteList } from '@jetton/contract/rewards';
import { apiRequest } from '@jetton/ui/lib/api-client';

export const INVITE_PAGE_SIZE = 10;

/** GET /api/invite/banners, when the invite widget opens. */
export function useInviteBanners(enabled: boolean) {
  return useQuery({
    queryKey: ['invite', 'banners'],
    queryFn: ({ signal }) => apiRequest(ROUTES.invite.banners, { schema: ZBannerList, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/invite: a page of invite rows (10 a page); a failure is swallowed (the table stays empty). */
export function useInvites(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['invite', 'list', page],
    queryFn: ({ signal }) =>
      apiRequest(ROUTES.invite.list, {
        method: 'POST',
        body: { page, limit: INVITE_PAGE_SIZE },
        schema: ZInviteList,
        signal,
        background: true,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The member's invite code (PR<member number>), from the profile (same cache entry as the profile screen). */
export function useInviteCode(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'profile'],
    queryFn: ({ signal }) => apiRequest(ROUTES.account.profile, { schema: ZProfileResponse, signal, background: true }),
    enabled,
    select: (profile) => profile.inviteCode,
  });
}

/** The link a friend registers with: `<origin>/register?code=PR<member number>`. */
export function inviteLink(origin: string, inviteCode: string): string {
  return `${origin}/register?code=${encodeURIComponent(inviteCode)}`;
}
