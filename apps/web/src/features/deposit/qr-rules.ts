import { QR_QUICK_PICKS, type QrProvider } from '@jetton/contract/constants';

/** docs/screens.md, "Home" (deposit dialog): KBANK needs an amount above 0; the others at least their minimum. */
export function canCreateQr(provider: QrProvider, amount: number | undefined): boolean {
  if (amount === undefined) return false;
  const rule = QR_QUICK_PICKS[provider];
  return rule.minExclusive ? amount > rule.min : amount >= rule.min;
}

/** 75 -> "01:15": the QR countdown's mm:ss. */
export function formatMmSs(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(safe / 60)).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

/** The server's SVG markup as an image source: shown as an <img>, never parsed into the page. */
export function svgDataUrl(svg: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
