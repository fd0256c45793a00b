import type { Currency, QrProvider } from '@jetton/contract/constants';
import type { TQrProviderRule } from '@jetton/contract/deposit';
import { MONEY_RULE_DEFAULTS, meetsQrMinimum } from '@jetton/contract/money-rules';

/** What the QR form needs of a provider's rule: whether it is on, its minimum and its quick picks. */
export type QrRule = Pick<TQrProviderRule, 'enabled' | 'min' | 'minExclusive' | 'amounts'>;

/**
 * The one place the web reads a provider's QR rule: the server's answer
 * (GET /api/qrcode/rules, the member's currency's picks and minimum with the
 * operator's switch applied) when it has come, else the contract's defaults of
 * the member's currency until it does (docs/money.md, "Rules per currency").
 */
export function qrRuleOf(rules: readonly TQrProviderRule[] | undefined, provider: QrProvider, currency: Currency | undefined): QrRule {
  const served = rules?.find((rule) => rule.provider === provider);
  if (served) return served;
  const builtIn = MONEY_RULE_DEFAULTS[currency ?? 'THB'].qr[provider];
  return { enabled: true, min: builtIn.min, minExclusive: builtIn.minExclusive, amounts: [...builtIn.amounts] };
}

/** docs/screens.md, "Home" (deposit dialog): the provider is on and the amount meets its minimum (baht KBANK: above 0). */
export function canCreateQr(rule: QrRule, amount: number | undefined): boolean {
  return amount !== undefined && rule.enabled && meetsQrMinimum(rule, amount);
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
