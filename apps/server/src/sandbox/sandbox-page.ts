import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../http/html.ts';

/**
 * The HTML kit of the /sandbox pages: one document shell, one look, one way
 * to send a page and to read a posted form. Every simulator page for people
 * is built with it (docs/sandbox.md, "Pages for people"). Pages carry no
 * inline script: the site's CSP allows scripts from 'self' only.
 */
const KIT_STYLE = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
nav{font-size:.9rem}label{display:block;margin:.6rem 0}input,select,textarea{font:inherit;padding:.3rem;width:100%;box-sizing:border-box}
textarea{font-family:monospace}input[type=checkbox]{width:auto}fieldset{border:1px solid #ccc;border-radius:.4rem;margin:1rem 0}
button{font:inherit;padding:.5rem 1rem}img{max-width:100%;border:1px solid #ddd}.error{color:#b00020}.ok{color:#137a36}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
th{font-size:.85rem;color:#555}code{font-size:.95rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f4;padding:.5rem}
footer{margin-top:2rem;color:#555}`;

export type SandboxPage = {
  /** The tab title; pages in the kit's look also show it as their heading. */
  title: string;
  /** The page's markup: build it with escapeHtml around every value. */
  body: string;
  /** The line at the bottom; by default it says nothing here is real money. */
  note?: string;
  /** Reload the page every so many seconds (an outbox a person watches). */
  refreshSeconds?: number;
  /**
   * A simulator that plays an outside site with a look of its own (the demo
   * game provider) brings its stylesheet and script; the kit's look, heading
   * and link back to the index are left out.
   */
  ownLook?: { stylesheet: string; script: string; icon?: string };
  /** Data attributes for the body (values are escaped here). */
  data?: Record<string, string>;
  /** The index itself has no link back to the index. */
  isIndex?: boolean;
};

const NOTE = 'Sandbox: nothing here is real money.';

export function sandboxPage(page: SandboxPage): string {
  const head = page.ownLook
    ? `<link rel="stylesheet" href="${escapeHtml(page.ownLook.stylesheet)}">${page.ownLook.icon ? `<link rel="icon" href="${escapeHtml(page.ownLook.icon)}">` : ''}<script src="${escapeHtml(page.ownLook.script)}" defer></script>`
    : `<style>${KIT_STYLE}</style>`;
  const refresh = page.refreshSeconds ? `<meta http-equiv="refresh" content="${page.refreshSeconds}">` : '';
  const data = Object.entries(page.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const nav = page.isIndex ? '' : '<nav><a href="/sandbox">All simulators</a></nav>';
  const top = page.ownLook ? '' : `${nav}<h1>${escapeHtml(page.title)}</h1>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh}
<title>${escapeHtml(page.title)} · sandbox</title>${head}</head>
<body${data}>${top}${page.body}
<footer class="sandbox-note"><small>${escapeHtml(page.note ?? NOTE)}</small></footer></body></html>`;
}

/** Sends a page: HTML, never cached (it shows live sandbox state). */
export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/**
 * Prepares a simulator's plugin scope: its routes stay out of the site's API
 * docs (a simulator is not the site's API), and plain HTML form posts parse
 * into an object of strings.
 */
export function prepareSimulatorScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** True when a person's form sent the request (answer with a page), false for JSON (answer tests and adapters in JSON). */
export function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
}

/** Minor units -> "1,234.50" without a float. */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, '0');
  const units = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${units}.${digits.slice(-2)}`;
}
