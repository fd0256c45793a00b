import type { GameCategory } from '@jetton/contract/constants';
import { escapeHtml as esc } from '../../../http/html.ts';
import { formatMinor, sandboxPage } from '../../../sandbox/sandbox-page.ts';
import { SLOT_TRIPLE_PAYS, SPORT_TEAMS, LOTTO_PAYS } from './demo-games.ts';

/**
 * Server-rendered pages of the demo provider. No inline script (CSP
 * script-src 'self'): behaviour lives in /sandbox/games/static/play.js.
 */
export type PageGame = { code: string; name: string; category: GameCategory; logo: string };

/** The provider's own look: its stylesheet and script, a game's logo as the icon. */
function layout(title: string, body: string, options: { icon?: string; data?: Record<string, string> } = {}): string {
  const ownLook = { stylesheet: '/sandbox/games/static/play.css', script: '/sandbox/games/static/play.js' };
  return sandboxPage({
    title: `${title} · demo provider`,
    body,
    note: 'Demo game provider (sandbox). Credit here is test money.',
    ownLook: options.icon ? { ...ownLook, icon: options.icon } : ownLook,
    ...(options.data ? { data: options.data } : {}),
  });
}

/** The provider's front page: every game it hosts, each opening its lobby. */
export function gamesPage(games: readonly PageGame[]): string {
  const items = games
    .map(
      (g) =>
        `<li><a href="/sandbox/games/${esc(g.code)}"><img src="${esc(g.logo)}" alt="" width="32" height="32"> ${esc(g.name)}</a> <span class="hint">${esc(g.category)}</span></li>`,
    )
    .join('');
  return layout(
    'Games',
    `<header class="bar"><h1>Demo game provider</h1></header><main class="card">
<p>The games this provider hosts for the site. Members open them from their wallet; here you reach each lobby directly.</p>
<ul class="games">${items}</ul>
<p class="hint">Fault controls for tests (latency, failures, timeouts, unknown outcomes): <a href="/sandbox/games/faults">/sandbox/games/faults</a> (JSON). <a href="/sandbox">All simulators</a></p></main>`,
  );
}

function header(game: PageGame, extra = ''): string {
  return `<header class="bar"><img src="${esc(game.logo)}" alt="" width="48" height="48"><h1>${esc(game.name)}</h1>${extra}</header>`;
}

export function lobbyPage(game: PageGame, options: { platform: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${esc(options.error)}</p>` : '';
  return layout(
    game.name,
    `${header(game)}<main class="card">
<h2>Log in to play</h2>${error}
<form method="post" action="/sandbox/games/${esc(game.code)}/login" class="login">
<label>Username <input name="username" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<input type="hidden" name="platform" value="${esc(options.platform)}">
<button type="submit">Log in</button></form>
<p class="hint">Your username and password are shown in the game dialog of your wallet.</p></main>`,
    { icon: game.logo },
  );
}

function slotBoard(): string {
  const table = Object.entries(SLOT_TRIPLE_PAYS)
    .map(([symbol, pays]) => `<li><span class="symbol" data-symbol="${symbol}"></span> x3 pays ${pays}x</li>`)
    .join('');
  return `<div class="reels" aria-label="Reels">${[0, 1, 2].map((i) => `<div class="reel symbol" id="reel-${i}" data-symbol="seven"></div>`).join('')}</div>
<ul class="paytable">${table}<li>two cherries return the bet</li></ul>`;
}

function sportBoard(): string {
  return `<fieldset class="teams"><legend>Who wins? (odds 1.90, a draw loses)</legend>
<label><input type="radio" name="pick" value="home" checked> ${esc(SPORT_TEAMS.home)}</label>
<label><input type="radio" name="pick" value="away"> ${esc(SPORT_TEAMS.away)}</label></fieldset>
<p class="score" id="score" aria-live="polite">– : –</p>`;
}

function lottoBoard(): string {
  return `<label class="lotto">Your two digits <input id="number" inputmode="numeric" pattern="[0-9]{2}" maxlength="2" value="07" required></label>
<p class="drawn">Drawn <strong id="drawn">--</strong></p><p class="hint">An exact match pays ${LOTTO_PAYS}x the bet.</p>`;
}

const PLAY_LABEL: Record<GameCategory, string> = { slot: 'Spin', sport: 'Place bet', lotto: 'Buy ticket' };

export function playPage(game: PageGame, player: { username: string; balance: bigint }): string {
  const board = game.category === 'slot' ? slotBoard() : game.category === 'sport' ? sportBoard() : lottoBoard();
  const chips = [100n, 500n, 1_000n, 5_000n, 10_000n]
    .map((v, i) => `<button type="button" class="chip" data-bet="${v}" aria-pressed="${i === 0}">${formatMinor(v)}</button>`)
    .join('');
  const logout = `<form method="post" action="/sandbox/games/${esc(game.code)}/logout"><button type="submit" class="link">Log out</button></form>`;
  return layout(
    game.name,
    `${header(game, `<p class="player">${esc(player.username)} · <strong id="balance" data-minor="${player.balance}">${formatMinor(player.balance)}</strong></p>${logout}`)}
<main class="card ${game.category}">${board}
<div class="chips" role="group" aria-label="Bet">${chips}</div>
<button type="button" id="play" class="play">${PLAY_LABEL[game.category]}</button>
<p id="result" class="result" role="status" aria-live="polite"></p>
<h2>Recent rounds</h2><table class="rounds"><thead><tr><th>Time</th><th>Bet</th><th>Payout</th></tr></thead><tbody id="rounds"></tbody></table></main>`,
    { icon: game.logo, data: { game: game.code, kind: game.category, api: `/sandbox/games/${game.code}/play` } },
  );
}
