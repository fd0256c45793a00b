import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownToLine, Smartphone, Wallet } from 'lucide-react';
import { WALLET, type TGameAccount } from '@jetton/contract/wallet';
import { Button } from '@jetton/ui/components/button';
import { ErrorDialog } from '@jetton/ui/components/error-dialog';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { isApiError } from '@jetton/ui/lib/api-error';
import { buildFlags } from '@jetton/ui/lib/build-flags';
import { formatMoney, formatMoneyIn } from '@jetton/ui/lib/format';
import { useCurrency, useTransferMin } from '@/lib/money-rules';
import { translateError } from '@jetton/ui/lib/translate-error';
import { readGameAmount } from './game-amount';
import { gameLink, type Platform } from './game-entry';
import { beginLaunch } from './game-launch';
import { useTransfer, useTransferAll } from '@/lib/transfer-api';
import styles from './game-account-sheet.module.css';

type GamePlayPanelProps = {
  account: TGameAccount;
  /** False while the account's credentials are loading: play needs the username. */
  ready: boolean;
  walletAmount: number;
};

type Busy = 'transfer' | 'transferAll' | Platform | null;

/**
 * Money into the game and play (docs/screens.md, "Home"): an amount and
 * 'transfer' (focuses the field when empty), 'transfer all' (the whole wallet),
 * and play on Android or iOS, which transfers first only when an amount above 0
 * is entered and otherwise just opens the game.
 */
export function GamePlayPanel({ account, ready, walletAmount }: GamePlayPanelProps) {
  const { t } = useTranslation();
  const transfer = useTransfer();
  const transferAll = useTransferAll();
  const amountRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const minimum = useTransferMin();
  const currency = useCurrency();

  const fail = (error: unknown) => setFailure(translateError(t, isApiError(error) ? error.code : 'INTERNAL_SERVER_ERROR'));
  const moved = ({ status }: { status: 'SUCCESS' | 'PENDING' }) => {
    const pending = status === 'PENDING';
    setAmountText('');
    showToast(pending ? t('home.transferDialog.pending') : t('home.transferDialog.success'), pending ? 'info' : 'success');
  };

  /** The amount to move first, null for none, or undefined when the field is wrong (its error shown). */
  const amountToMove = (): number | null | undefined => {
    const read = readGameAmount(amountText, minimum);
    if (read.kind === 'empty') return null;
    if (read.kind === 'amount') return read.amount;
    setAmountError(
      read.reason === 'minimum'
        ? t('home.transferDialog.minimum', { amount: formatMoneyIn(minimum, currency) })
        : t('home.transferDialog.invalidAmount'),
    );
    amountRef.current?.focus();
    return undefined;
  };

  const onTransfer = () => {
    const amount = amountToMove();
    if (amount === undefined) return;
    if (amount === null) {
      amountRef.current?.focus();
      return;
    }
    setBusy('transfer');
    transfer.mutate({ from: WALLET, to: account.code, amount }, { onSuccess: moved, onError: fail, onSettled: () => setBusy(null) });
  };

  const onTransferAll = () => {
    setBusy('transferAll');
    transferAll.mutate({ to: account.code }, { onSuccess: moved, onError: fail, onSettled: () => setBusy(null) });
  };

  const onPlay = async (platform: Platform) => {
    const amount = amountToMove();
    if (amount === undefined) return;
    // Taken during the tap: a new tab may only be opened from the gesture itself.
    const launch = beginLaunch(buildFlags.gameLaunchTarget);
    setBusy(platform);
    try {
      if (amount !== null) moved(await transfer.mutateAsync({ from: WALLET, to: account.code, amount }));
      launch.open(await gameLink(account, platform));
    } catch (error) {
      launch.cancel();
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const platforms: [Platform, string | null][] = [
    ['android', account.android],
    ['ios', account.ios],
  ];

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('home.gameDialog.playTitle')}
      </h3>
      <TextField
        ref={amountRef}
        label={t('home.gameDialog.amount')}
        value={amountText}
        onChange={(event) => {
          setAmountText(event.target.value);
          setAmountError(undefined);
        }}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        hint={t('home.gameDialog.amountHint', { amount: formatMoney(walletAmount) })}
        error={amountError}
      />
      <div className={styles.row}>
        <Button variant="secondary" onClick={onTransfer} loading={busy === 'transfer'} disabled={busy !== null}>
          <ArrowDownToLine aria-hidden="true" size={18} strokeWidth={2} />
          {t('home.gameDialog.transfer')}
        </Button>
        <Button
          variant="secondary"
          onClick={onTransferAll}
          loading={busy === 'transferAll'}
          disabled={busy !== null || walletAmount < minimum}
        >
          <Wallet aria-hidden="true" size={18} strokeWidth={2} />
          {t('home.gameDialog.transferAll')}
        </Button>
      </div>
      <p className={styles.note}>{t('home.gameDialog.playNote')}</p>
      <div className={styles.stack}>
        {platforms.map(
          ([platform, link]) =>
            link !== null && (
              <Button key={platform} onClick={() => void onPlay(platform)} loading={busy === platform} disabled={busy !== null || !ready}>
                <Smartphone aria-hidden="true" size={18} strokeWidth={2} />
                {t(`home.gameDialog.play.${platform}`)}
              </Button>
            ),
        )}
      </div>
      <ErrorDialog open={failure !== null} onClose={() => setFailure(null)} text={failure ?? ''} />
    </section>
  );
}
