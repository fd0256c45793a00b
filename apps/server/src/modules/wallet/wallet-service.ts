import type { Kysely } from 'kysely';
import type { TWalletResponse } from '@jetton/contract/wallet';
import { fromMinor } from '@jetton/contract/money';
import type { DB } from '../../db/schema.ts';
import { accountBalance } from '../../ledger/accounts.ts';
import { memberWallet } from '../../ledger/account-codes.ts';
import type { ProfileService } from '../account/profile-service.ts';
import type { AuthMember } from '../auth/member-guard.ts';
import type { GameAccountService } from './game-account-service.ts';
import type { WalletRepository } from './wallet-repository.ts';

/** GET /api/wallet: everything the home screen shows, in one answer (docs/screens.md, "Home"). */
export function createWalletService(deps: {
  db: Kysely<DB>;
  profile: ProfileService;
  wallet: WalletRepository;
  gameAccounts: GameAccountService;
  /** The accrued, unpaid invite bonus (docs/rewards.md, "Invite"). */
  inviteAmount: (memberId: string) => Promise<bigint>;
}) {
  return {
    async summary(member: AuthMember): Promise<TWalletResponse> {
      const { memberId } = member;
      const profile = await deps.profile.profile(memberId);
      const [bankAccount, balance, invitees, slots, inviteAmount] = await Promise.all([
        deps.profile.bankAccount(memberId),
        accountBalance(deps.db, memberWallet(memberId, member.currency)),
        deps.wallet.inviteCounts(memberId),
        deps.gameAccounts.slots(memberId),
        deps.inviteAmount(memberId),
      ]);
      return {
        profile: { _id: profile._id, name: profile.name, username: profile.username, createdAt: profile.createdAt, coin: profile.coin },
        bankAccount,
        wallet: { amount: fromMinor(balance), currency: member.currency },
        invite: { amount: fromMinor(inviteAmount), ...invitees },
        slots,
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
