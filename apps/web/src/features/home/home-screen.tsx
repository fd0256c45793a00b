import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TWalletResponse } from '@jetton/contract/wallet';
import { BankNameSheet } from '@/components/bank-name/bank-name-sheet';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import { needsLatinNameFix } from '@/lib/names';
import { translateError } from '@jetton/ui/lib/translate-error';
import { usePageTitle } from '@jetton/ui/lib/use-page-title';
import { AgreementSheet } from './agreement-sheet';
import { BalanceHeader } from './balance-header';
import { BankAccountCard } from './bank-account-card';
import type { HomeParts } from './home-parts';
import { useAgreement } from './use-agreement';
import { useReceiveInvite } from './use-receive-invite';
import { useSpinActive } from './use-spin-active';
import { WalletWidgets } from './wallet-widgets';
import { readLastSync, useRefreshSlots, useWallet, walletQueryKey } from '@/lib/wallet-api';
import styles from './home-screen.module.css';

type OpenSheet =
  | { kind: 'transfer' }
  | { kind: 'game'; code: string }
  | { kind: 'deposit' }
  | { kind: 'withdraw' }
  | { kind: 'invite' }
  | { kind: 'refund' }
  | { kind: 'bankName' }
  | null;

/**
 * /user/home (docs/screens.md, "Home"): the balance header, wallet widgets, the
 * member's bank account and the game-account cards by category, with the
 * transfer, game account, invite, refund, agreement and bank-name dialogs.
 */
export function HomeScreen({ parts }: { parts: HomeParts }) {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  const wallet = useWallet();

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('home.title')}</h1>
      {wallet.isPending && (
        <div className={styles.skeleton} role="status">
          {/* The prerendered home's early read writes the total here before the app runs (docs/performance.md). */}
          <p className={styles.earlyTotal} translate="no" data-early-total="" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {wallet.isError && (
        <div className={styles.failed} role="alert">
          <p>{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void wallet.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {wallet.data && <HomeContent data={wallet.data} parts={parts} />}
    </div>
  );
}

function HomeContent({ data, parts }: { data: TWalletResponse; parts: HomeParts }) {
  const { GameSections, TransferSheet, DepositSheet, WithdrawSheet, GameAccountSheet, InviteSheet, RefundSheet } = parts;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useRefreshSlots();
  const receiveInvite = useReceiveInvite();
  const [lastSync, setLastSync] = useState(readLastSync);
  const [open, setOpen] = useState<OpenSheet>(null);
  const agreement = useAgreement(data.profile._id);
  const wheelActive = useSpinActive();
  const close = () => setOpen(null);
  const account = data.bankAccount;
  const canFixName = account ? needsLatinNameFix(account.bankCode, account.bankAccountName) : false;

  const checkBalance = () =>
    refresh.mutate(undefined, {
      onSuccess: setLastSync,
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });

  return (
    <>
      <BalanceHeader
        wallet={data}
        lastSync={lastSync}
        checking={refresh.isPending}
        onCheckBalance={checkBalance}
        onTransfer={() => setOpen({ kind: 'transfer' })}
        receiving={receiveInvite.isPending}
        onReceiveInvite={() =>
          receiveInvite.mutate(undefined, {
            onSuccess: ({ message }) => showToast(translateError(t, message), 'success'),
            onError: (error) => showToast(translateError(t, error.code), 'danger'),
          })
        }
      />
      <WalletWidgets
        wheelActive={wheelActive}
        coin={data.profile.coin}
        invite={data.invite}
        refreshing={refresh.isPending}
        onRefreshAll={checkBalance}
        onOpen={(widget) => setOpen({ kind: widget })}
      />
      <BankAccountCard account={account} canFixName={canFixName} onFixName={() => setOpen({ kind: 'bankName' })} />
      <GameSections games={data.slots} onOpen={(code) => setOpen({ kind: 'game', code })} />

      <TransferSheet open={open?.kind === 'transfer'} onClose={close} wallet={data} />
      <DepositSheet open={open?.kind === 'deposit'} onClose={close} wallet={data} />
      <WithdrawSheet open={open?.kind === 'withdraw'} onClose={close} walletAmount={data.wallet.amount} bankAccount={data.bankAccount} />
      <GameAccountSheet
        game={open?.kind === 'game' ? data.slots.find((slot) => slot.code === open.code) : undefined}
        walletAmount={data.wallet.amount}
        onClose={close}
      />
      <InviteSheet open={open?.kind === 'invite'} onClose={close} counts={data.invite} />
      <RefundSheet open={open?.kind === 'refund'} onClose={close} />
      <AgreementSheet
        // Never on top of a dialog the member opened: it waits until that one is closed.
        open={agreement.open && open === null}
        texts={agreement.texts}
        onAccept={agreement.accept}
        onClose={agreement.dismiss}
      />
      {account && canFixName && (
        <BankNameSheet
          open={open?.kind === 'bankName'}
          onClose={close}
          bankCode={account.bankCode}
          currentName={account.bankAccountName}
          onSaved={(bankAccountName) =>
            queryClient.setQueryData<TWalletResponse>(walletQueryKey, (old) =>
              old?.bankAccount ? { ...old, bankAccount: { ...old.bankAccount, bankAccountName } } : old,
            )
          }
        />
      )}
    </>
  );
}
