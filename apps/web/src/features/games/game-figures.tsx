import { useTranslation } from 'react-i18next';
import type { TGameAccount } from '@jetton/contract/wallet';
import { formatMoney } from '@jetton/ui/lib/format';
import { multiplyAmount } from '@jetton/ui/lib/money';

/** A game's balance and its credit (balance x ftWalletSlot), on the card and in the game dialog alike. */
export function GameFigures({ game, className }: { game: TGameAccount; className: string | undefined }) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      <div>
        <dt>{t('home.games.balance')}</dt>
        <dd>{formatMoney(game.amount)}</dd>
      </div>
      <div>
        <dt>{t('home.games.credit', { factor: game.ftWalletSlot })}</dt>
        <dd>{formatMoney(multiplyAmount(game.amount, game.ftWalletSlot))}</dd>
      </div>
    </dl>
  );
}
