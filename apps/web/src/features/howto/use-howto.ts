import { useQuery } from '@tanstack/react-query';
import { TUTORIAL_VIDEOS, type TutorialVideo } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';
import { ZHowto } from '@jetton/contract/lookup';
import { apiRequest } from '@jetton/ui/lib/api-client';

export type HowtoVideo = { key: TutorialVideo; url: string | null };

/**
 * GET /api/lookup/howto merged onto the five known videos, so the page always
 * lists all five: a video the server does not know (or a failed lookup) has
 * no URL and shows "video coming soon".
 */
export function useHowto() {
  return useQuery({
    queryKey: ['lookup', 'howto'],
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.lookup.howto, { schema: ZHowto, signal, background: client.getQueryData(queryKey) !== undefined }),
    staleTime: 5 * 60_000,
    select: (rows): HowtoVideo[] => TUTORIAL_VIDEOS.map((key) => ({ key, url: rows.find((row) => row.key === key)?.url || null })),
  });
}
