import { QR_QUICK_PICKS, type QrProvider } from '@jetton/contract/constants';
import type { TQrProviderRule } from '@jetton/contract/deposit';

/** What the QR form needs of a provider's rule: whether it is on, its minimum and its quick picks. */
export type QrRule = Pick<TQrProviderRule, 'enabled' | 'min' | 'minExclusive' | 'amounts'>;

/**
 * The one place the web reads a provider's QR rule: the server's answer
 * (GET /api/qrcode/rules, the operator's settings applied) when it has come,
 * else the built-in picks until it does.
 */
export function qrRuleOf(rules: readonly TQrProviderRule[] | undefined, provider: QrProvider): QrRule {
  const served = rules?.find((rule) => rule.provider === provider);
  if (served) return served;
  const builtIn = QR_QUICK_PICKS[provider];
  return { enabled: true, min: builtIn.min, minExclusive: builtIn.minExclusive, amounts: [...builtIn.amounts] };
}

/** docs/screens.md, "Home" (deposit dialog): the provider is on and the amount meets its minimum (KBANK: above 0). */
export function canCreateQr(rule: QrRule, amount: number | undefined): boolean {
  if (amount === undefined || !rule.enabled) return false;
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
