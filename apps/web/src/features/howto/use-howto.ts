import { useQuery } from '@tanstack/react-query';
import { TUTORIAL_VIDEOS, type TutorialVideo } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';
import { ZHowto } from '@jetton/contract/lookup';
import { apiRequest } from '@jetton/ui/lib/api-client';
import { useLocale } from '@jetton/ui/i18n/use-locale';

export type HowtoVideo = { key: TutorialVideo; url: string | null };

/**
 * GET /api/lookup/howto merged onto the five known videos, each in the page's
 * language, so the page always lists all five: a video the server does not
 * know in this language (or a failed lookup) has no URL and shows "video
 * coming soon".
 */
export function useHowto() {
  const locale = useLocale();
  return useQuery({
    queryKey: ['lookup', 'howto'],
    queryFn: ({ signal, client, queryKey }) =>
      apiRequest(ROUTES.lookup.howto, { schema: ZHowto, signal, background: client.getQueryData(queryKey) !== undefined }),
    staleTime: 5 * 60_000,
    select: (rows): HowtoVideo[] => TUTORIAL_VIDEOS.map((key) => ({ key, url: rows.find((row) => row.key === key)?.urls[locale] || null })),
  });
}
