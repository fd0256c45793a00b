import { DepositSheet } from '@/features/deposit/deposit-sheet';
import { GameAccountSheet } from '@/features/games/game-account-sheet';
import { GameSections } from '@/features/games/game-sections';
import { HomeScreen } from '@/features/home/home-screen';
import { InviteSheet } from '@/features/invite/invite-sheet';
import { RefundSheet } from '@/features/refund/refund-sheet';
import type { HomeParts } from '@/features/home/home-parts';
import { TransferSheet } from '@/features/transfer/transfer-sheet';
import { WithdrawSheet } from '@/features/withdraw/withdraw-sheet';

const parts: HomeParts = { GameSections, TransferSheet, DepositSheet, WithdrawSheet, GameAccountSheet, InviteSheet, RefundSheet };

/** /user/home: the home screen composed with the game, transfer, deposit, withdraw, invite and refund features. */
export function HomeRoute() {
  return <HomeScreen parts={parts} />;
}
