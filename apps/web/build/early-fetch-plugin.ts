import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { FORMATS, STORAGE_KEYS } from '@jetton/contract/constants';
import { ROUTES } from '@jetton/contract/routes';

/** The API reads a screen's first paint waits for, by route: started by the page, not by the app. */
const EARLY_READS: Record<string, string[]> = {
  '/user/home': [ROUTES.wallet.summary, ROUTES.spinwheel.active],
};

/**
 * A few lines of plain script, with no import, that the page runs as soon as
 * it has arrived: on a member route it starts that route's API reads with the
 * stored token, while the app's scripts are still downloading. The API client
 * takes those answers instead of asking again (packages/ui/src/lib/early-fetch.ts).
 * Without it the reads start only once React, the router and the screen have
 * loaded and run: on a phone, seconds later (docs/performance.md, "The home's
 * critical path"). A file, not an inline script: the Content-Security-Policy
 * allows no inline script. Its headers are the API client's own.
 */
export function earlyFetch(buildLocale: string): Plugin {
  const source = `// Starts the member route's API reads before the app has loaded (docs/performance.md).
const reads = ${JSON.stringify(EARLY_READS)}[location.pathname.replace(/\\/+$/, '')];
let token = null;
try {
  token = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}) ?? sessionStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)});
} catch {
  // No storage (a private mode): the app asks itself.
}
if (reads && token) {
  const headers = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', Authorization: 'Bearer ' + token };
  const responses = {};
  for (const path of reads) {
    responses[path] = fetch(path, { headers });
    // A read the app never takes must not report an unhandled rejection.
    responses[path].catch(() => undefined);
  }
  globalThis.jettonEarly = { token, responses };
}

// The prerendered home (home.html) is the member area in the build's language: a visitor without
// a session, or who chose another language, gets the app's own first paint instead.
const root = document.getElementById('root');
let language = null;
try {
  language = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.locale)});
} catch {
  // No storage: the build's language.
}
if (root?.dataset.prerendered?.startsWith('/user/') && (!token || (language && language !== ${JSON.stringify(buildLocale)}))) {
  root.replaceChildren();
}
// The member's total (the wallet and every game, as the home's header adds it) goes on screen as
// soon as the wallet answers, if the app has not drawn the home yet.
// \`painted\` settles once that is done (or could not be): the prerendered home starts the app then.
const wallet = reads && token ? globalThis.jettonEarly.responses[${JSON.stringify(ROUTES.wallet.summary)}] : undefined;
const painted = wallet
  ?.then((response) => (response.ok ? response.clone().json() : undefined))
  .then((body) => {
    const cell = root?.dataset.prerendered ? root.querySelector('[data-early-total]') : null;
    if (!cell || !body) return;
    let minor = Math.round(body.wallet.amount * 100);
    for (const slot of body.slots) minor += Math.round(slot.amount * 100);
    // formatMoney's text (packages/ui's format.ts), without Intl: its first formatter costs the phone tens of ms.
    const unit = 10 ** ${FORMATS.decimals};
    const whole = String(Math.floor(Math.abs(minor) / unit)).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',');
    const fraction = String(Math.abs(minor) % unit).padStart(${FORMATS.decimals}, '0');
    cell.textContent = (minor < 0 ? '-' : '') + whole + '.' + fraction;
  })
  .catch(() => undefined);
if (painted) globalThis.jettonEarly.painted = painted;
`;
  const file = `assets/member-reads-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  return {
    name: 'jetton-early-fetch',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: file, source });
    },
    transformIndexHtml: {
      order: 'post',
      // Before the entry: module scripts run in document order, and this one waits for nothing.
      handler: () => [{ tag: 'script', attrs: { type: 'module', crossorigin: '', src: `/${file}` }, injectTo: 'head-prepend' }],
    },
  };
}

/** The tag the plugin adds to index.html, which a page without member reads (the prerendered login) leaves out. */
export const EARLY_FETCH_TAG = /<script type="module" crossorigin(="")? src="\/assets\/member-reads-[\w-]+\.js"><\/script>/;
