import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { GameAccountSheet } from '@/features/games/game-account-sheet';
import { GameSections } from '@/features/games/game-sections';
import { HomeScreen } from '@/features/home/home-screen';
import type { HomeParts } from '@/features/home/home-parts';
import { TransferSheet } from '@/features/transfer/transfer-sheet';
import { WithdrawSheet } from '@/features/withdraw/withdraw-sheet';

/**
 * A dialog whose code arrives on the member's first tap, outside the route's
 * first download (docs/performance.md). Once opened it stays mounted, so
 * closing and reopening keeps its state (a QR being watched) as before.
 */
function onFirstOpen<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load);
  return function FirstOpen(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}

const DepositSheet = onFirstOpen<ComponentProps<HomeParts['DepositSheet']>>(async () => ({
  default: (await import('@/features/deposit/deposit-sheet')).DepositSheet,
}));
const InviteSheet = onFirstOpen<ComponentProps<HomeParts['InviteSheet']>>(async () => ({
  default: (await import('@/features/invite/invite-sheet')).InviteSheet,
}));
const RefundSheet = onFirstOpen<ComponentProps<HomeParts['RefundSheet']>>(async () => ({
  default: (await import('@/features/refund/refund-sheet')).RefundSheet,
}));

const parts: HomeParts = { GameSections, TransferSheet, DepositSheet, WithdrawSheet, GameAccountSheet, InviteSheet, RefundSheet };

/** /user/home: the home screen composed with the game, transfer, deposit, withdraw, invite and refund features. */
export function HomeRoute() {
  return <HomeScreen parts={parts} />;
}
