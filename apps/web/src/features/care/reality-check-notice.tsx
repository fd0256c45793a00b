import { useTranslation } from 'react-i18next';
import { ZTransferResponse } from '@jetton/contract/wallet';
import { ROUTES } from '@jetton/contract/routes';
import { Button } from '@jetton/ui/components/button';
import { Sheet } from '@jetton/ui/components/sheet';
import { formatMoneyIn } from '@jetton/ui/lib/format';
import { useMoneyPost } from '@/lib/money-post';
import { useWallet } from '@/lib/wallet-api';
import { useAnswerRealityCheck, useRealityCheck } from './care-api';
import styles from './care-screen.module.css';

/**
 * The reality check during play (docs/player-care.md, "Reality checks"): when an interval the member
 * chose has passed, time played and the net result since the last check; "stop" brings every game's
 * money back to the wallet.
 */
export function RealityCheckNotice() {
  const { t } = useTranslation();
  const check = useRealityCheck();
  const answer = useAnswerRealityCheck();
  const wallet = useWallet();
  const back = useMoneyPost<{ from: string; to: 'WALLET'; amount: number }, typeof ZTransferResponse>(
    ROUTES.wallet.transfer,
    ZTransferResponse,
  );
  const session = check.data?.session;
  if (!check.data?.due || !session) return null;
  const currency = wallet.data?.wallet.currency;
  const hours = Math.floor(session.playedMinutes / 60);
  const minutes = session.playedMinutes % 60;

  const stop = async () => {
    await answer.mutateAsync('stop');
    // Every game's money back to the wallet, one transfer each; a refused one stays for the member to see.
    for (const slot of wallet.data?.slots ?? []) {
      if (slot.isActive && slot.amount > 0)
        await back.mutateAsync({ from: slot.code, to: 'WALLET', amount: slot.amount }).catch(() => undefined);
    }
  };

  return (
    <Sheet open onClose={() => answer.mutate('continue')} title={t('care.reality.title')}>
      <div className={styles.form} role="status">
        <p>{t('care.reality.played', { hours, minutes })}</p>
        <p className={styles.warning}>
          {session.net < 0
            ? t('care.reality.lost', { amount: formatMoneyIn(-session.net, currency) })
            : t('care.reality.won', { amount: formatMoneyIn(session.net, currency) })}
        </p>
        <div className={styles.actions}>
          <Button loading={answer.isPending && answer.variables === 'continue'} onClick={() => answer.mutate('continue')}>
            {t('care.reality.keepPlaying')}
          </Button>
          <Button
            variant="secondary"
            loading={back.isPending || (answer.isPending && answer.variables === 'stop')}
            onClick={() => void stop()}
          >
            {t('care.reality.stop')}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
