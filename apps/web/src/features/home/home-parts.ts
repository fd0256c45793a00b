import type { TBankAccount } from '@jetton/contract/account';
import type { ComponentType } from 'react';
import type { TGameAccount, TWalletResponse } from '@jetton/contract/wallet';

type WalletSheetProps = { open: boolean; onClose: () => void; wallet: TWalletResponse };

/**
 * What the home screen shows from other features: the game cards and the
 * transfer, deposit, withdraw, game-account, invite and refund dialogs. Features do not import
 * each other, so home names only the shapes it needs and the app layer
 * (`app/home-route.tsx`) passes the real components.
 */
export type HomeParts = {
  GameSections: ComponentType<{ games: readonly TGameAccount[]; onOpen: (code: string) => void }>;
  TransferSheet: ComponentType<WalletSheetProps>;
  DepositSheet: ComponentType<WalletSheetProps>;
  WithdrawSheet: ComponentType<{ open: boolean; onClose: () => void; walletAmount: number; bankAccount?: TBankAccount | null }>;
  GameAccountSheet: ComponentType<{ game: TGameAccount | undefined; walletAmount: number; onClose: () => void }>;
  InviteSheet: ComponentType<{ open: boolean; onClose: () => void; counts: { success: number; fail: number } }>;
  RefundSheet: ComponentType<{ open: boolean; onClose: () => void }>;
};
