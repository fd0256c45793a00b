import { HOUR_MS, SITE_OFFSET_MS } from '@jetton/contract/site-time';

/**
 * The SQL expression of a timestamptz column's site day, as 'YYYY-MM-DD' text
 * (the same text `siteDay` of @jetton/contract/site-time gives). A fixed
 * offset, so both engines run it without a time-zone database; written as
 * literal text so a GROUP BY can repeat the select's expression exactly.
 */
export const siteDaySql = (column: string): string =>
  `to_char((${column} at time zone 'UTC') + interval '${SITE_OFFSET_MS / HOUR_MS} hours', 'YYYY-MM-DD')`;
