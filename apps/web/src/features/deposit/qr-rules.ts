import { meetsQrMinimum, type TQrPick } from '@jetton/contract/money-rules';

/**
 * docs/screens.md, "Home" (deposit dialog): the provider's minimum of the member's
 * currency, as the server answers it (`/api/lookup/money`): more than `min` or at least `min`.
 */
export function canCreateQr(pick: Pick<TQrPick, 'min' | 'minExclusive'>, amount: number | undefined): boolean {
  return amount !== undefined && meetsQrMinimum(pick, amount);
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
