import type { TFunction } from 'i18next';

/** What comes after the family in a code: `provider:circus#3` -> `circus` (a shard number is no part of the name). */
const rest = (code: string) => code.slice(code.indexOf(':') + 1).replace(/#\d+$/, '');

/**
 * A reconciliation line's figure for people: the range's totals ("deposits",
 * "reward cost: bonus") and the ledger's system accounts (`game:pnl`,
 * `payout:pending`, `provider:<game>`...) by name; an unknown one as it is.
 */
export function figureName(t: TFunction, figure: string): string {
  const range: Record<string, string> = {
    deposits: 'deposits',
    'withdrawals requested': 'withdrawalsRequested',
    'withdrawals paid': 'withdrawalsPaid',
    'withdrawals rejected': 'withdrawalsRejected',
    bets: 'bets',
    payouts: 'payouts',
  };
  const named = range[figure];
  if (named) return t(`reports.figures.${named}`);
  const reward = (kind: string) => t('reports.figures.rewardCost', { kind: t(`statement.reward.${kind}`, { defaultValue: kind }) });
  if (figure.startsWith('reward cost: ')) return reward(figure.slice('reward cost: '.length));
  const code = figure.replace(/#\d+$/, '');
  if (code === 'game:pnl') return t('reports.figures.gamePnl');
  if (code === 'payout:pending') return t('reports.figures.payoutPending');
  if (code === 'voucher:truemoney') return t('reports.figures.voucher');
  if (code === 'adjustment') return t('reports.figures.adjustment');
  const family = code.slice(0, code.indexOf(':'));
  if (family === 'expense') return reward(rest(code));
  if (['provider', 'bank', 'gateway', 'payout'].includes(family)) return t(`reports.figures.${family}`, { name: rest(code) });
  return figure;
}

/** A text cell of a report by name: a deposit channel (`slip`, `qr:<provider>`) and a reward kind in words; others as they are. */
export function textCell(t: TFunction, field: string, value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (field === 'channel') {
    const [channel = '', provider] = text.split(':');
    return [t(`statement.channel.${channel}`, { defaultValue: channel }), provider].filter(Boolean).join(' · ');
  }
  if (field === 'kind') return t(`statement.reward.${text}`, { defaultValue: text });
  return text;
}
