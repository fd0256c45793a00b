/**
 * Whether the server runs its simulators (SANDBOX=on): it says so in the page
 * it serves (`<meta name="jetton-sandbox" content="on">`), read once. Every page
 * then shows the demo strip (docs/security.md, "The sandbox in production").
 */
export const sandboxMode: boolean =
  typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="jetton-sandbox"]')?.content === 'on';
