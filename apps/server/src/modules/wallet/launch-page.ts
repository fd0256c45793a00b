import type { LaunchTarget } from '../../adapters/games/game-provider.ts';
import { escapeHtml as esc } from '../../http/html.ts';

/**
 * Posts the launch form once loaded. A served file, not inline script: the
 * site's CSP allows scripts from 'self' only.
 */
export const AUTO_SUBMIT_JS = `'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('launch');
  if (form) form.submit();
});
`;

/**
 * The one-time page of a form launcher: the provider's login form, posted by
 * the script above, or by the member's click when scripts are off. The
 * credentials travel in the POST body, never in a URL.
 */
export function launchPageHtml(form: Extract<LaunchTarget, { kind: 'form' }>, scriptPath: string): string {
  const fields = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Opening the game</title><script src="${esc(scriptPath)}" defer></script></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem">
<form id="launch" method="post" action="${esc(form.action)}">${fields}
<p>Opening the game&hellip;</p><button type="submit">Continue to the game</button></form>
</body></html>`;
}
