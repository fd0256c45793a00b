import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { TGameAccount } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { Sheet } from '@jetton/ui/components/sheet';
import { showToast } from '@jetton/ui/components/toast-store';
import { isApiError } from '@jetton/ui/lib/api-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { GameCredentials } from './game-credentials';
import { GamePlayPanel } from './game-play-panel';
import { useGameAccount, useGameAccountAction } from './game-account-api';
import { GameFigures } from './game-figures';
import styles from './game-account-sheet.module.css';

type GameAccountSheetProps = { game: TGameAccount | undefined; walletAmount: number; onClose: () => void };

/**
 * The game account dialog (docs/screens.md, "Home"): an inactive account offers 'open
 * account'; an active one shows its credentials, reset password, and the
 * money-in and play actions.
 */
export function GameAccountSheet({ game, walletAmount, onClose }: GameAccountSheetProps) {
  return (
    <Sheet open={game !== undefined} onClose={onClose} title={game?.name ?? ''}>
      {game && <GameAccountBody key={game.code} game={game} walletAmount={walletAmount} />}
    </Sheet>
  );
}

function GameAccountBody({ game, walletAmount }: { game: TGameAccount; walletAmount: number }) {
  const { t } = useTranslation();
  const details = useGameAccount(game.code, game.isActive);
  const activate = useGameAccountAction('activate');
  const reset = useGameAccountAction('resetPassword');
  const [failure, setFailure] = useState<string | null>(null);
  const account = details.data ?? (game.username === undefined ? undefined : game);

  const onActivate = () =>
    activate.mutate(game.code, {
      onSuccess: () => showToast(t('home.gameDialog.opened', { name: game.name }), 'success'),
      onError: (error) => setFailure(translateError(t, error.code)),
    });

  const onReset = () =>
    reset.mutateAsync(game.code).catch((error: unknown) => {
      setFailure(translateError(t, isApiError(error) ? error.code : 'INTERNAL_SERVER_ERROR'));
      throw error;
    });

  return (
    <div className={styles.body}>
      <div className={styles.summary}>
        <img className={styles.logo} src={game.logo} alt="" width={56} height={56} />
        <GameFigures game={game} className={styles.figures} />
      </div>

      {game.isActive ? (
        <>
          {details.isError && !account ? (
            <div className={styles.panel} role="alert">
              <p>{t('common.loadFailed')}</p>
              <Button variant="secondary" onClick={() => void details.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : (
            <GameCredentials account={account} resetting={reset.isPending} onReset={onReset} />
          )}
          <GamePlayPanel account={account ?? game} ready={account !== undefined} walletAmount={walletAmount} />
        </>
      ) : (
        <div className={styles.panel}>
          <p>{t('home.gameDialog.openText', { name: game.name })}</p>
          <Button block onClick={onActivate} loading={activate.isPending}>
            <Plus aria-hidden="true" size={18} strokeWidth={2} />
            {t('home.games.open')}
          </Button>
        </div>
      )}
      <ErrorDialog open={failure !== null} onClose={() => setFailure(null)} text={failure ?? ''} />
    </div>
  );
}
