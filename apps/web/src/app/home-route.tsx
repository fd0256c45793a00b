import { lazy, Suspense, type ComponentProps } from 'react';
import { DepositSheet } from '@/features/deposit/deposit-sheet';
import { GameAccountSheet } from '@/features/games/game-account-sheet';
import { GameSections } from '@/features/games/game-sections';
import { HomeScreen } from '@/features/home/home-screen';
import type { HomeParts } from '@/features/home/home-parts';
import { TransferSheet } from '@/features/transfer/transfer-sheet';
import { WithdrawSheet } from '@/features/withdraw/withdraw-sheet';

// Invite and refund open only on a tap: their code arrives then, outside the route's budget (docs/performance.md).
const LazyInvite = lazy(async () => ({ default: (await import('@/features/invite/invite-sheet')).InviteSheet }));
const LazyRefund = lazy(async () => ({ default: (await import('@/features/refund/refund-sheet')).RefundSheet }));

function InviteSheet(props: ComponentProps<HomeParts['InviteSheet']>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyInvite {...props} />
    </Suspense>
  );
}

function RefundSheet(props: ComponentProps<HomeParts['RefundSheet']>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyRefund {...props} />
    </Suspense>
  );
}

const parts: HomeParts = { GameSections, TransferSheet, DepositSheet, WithdrawSheet, GameAccountSheet, InviteSheet, RefundSheet };

/** /user/home: the home screen composed with the game, transfer, deposit, withdraw, invite and refund features. */
export function HomeRoute() {
  return <HomeScreen parts={parts} />;
}
