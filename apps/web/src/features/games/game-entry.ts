import { ROUTES, apiPath } from '@jetton/contract/routes';
import { ZAutoLoginResponse, type TGameAccount } from '@jetton/contract/wallet';
import { apiRequest } from '@jetton/ui/lib/api-client';

export type Platform = 'android' | 'ios';

/**
 * The link that opens this game on the member's phone: GET
 * /api/autoLogin/{game}/{username}?platform= (docs/games.md, "Game launch"). The link holds
 * a short-lived launch ticket, never the password; for providers that want a
 * posted login form it leads to the server's one-time page that posts it.
 */
export async function gameLink(account: TGameAccount, platform: Platform): Promise<string> {
  if (!account.username) throw new Error('game account without a username');
  const path = apiPath(ROUTES.autoLogin, { game: account.code, username: account.username });
  const { link } = await apiRequest(`${path}?${new URLSearchParams({ platform }).toString()}`, { schema: ZAutoLoginResponse });
  return link;
}
