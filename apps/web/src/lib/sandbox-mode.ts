/**
 * Whether the server runs its simulators (SANDBOX=on): it says so in the page
 * it serves (`<meta name="jetton-sandbox" content="on">`), read once. Every page
 * then shows the demo strip (docs/security.md, "The sandbox in production").
 */
let sandbox: boolean =
  typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="jetton-sandbox"]')?.content === 'on';

export const sandboxMode = (): boolean => sandbox;

/** The prerendered login page comes in both kinds, and the server sends the one it is (src/prerender). */
export function prerenderSandbox(on: boolean): void {
  sandbox = on;
}
