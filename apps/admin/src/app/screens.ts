import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight,
  ChartColumn,
  Ban,
  Banknote,
  FileText,
  Gift,
  LifeBuoy,
  HandCoins,
  LayoutDashboard,
  MessagesSquare,
  Receipt,
  ScrollText,
  Settings,
  Scale,
  Users,
  UserCog,
} from 'lucide-react';
import type { Permission } from '@jetton/contract/admin/permissions';

/** The navigation's sections, in the order the menu shows them. */
export const NAV_GROUPS = ['overview', 'money', 'members', 'site', 'control'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * One screen of the back office (docs/operators.md, "The admin app"). The registry drives the
 * router and the menu alike: a screen whose permission the operator's roles lack is neither
 * in the menu nor reachable by its address (the server refuses its API anyway).
 */
export type AdminScreen = {
  /** Under /admin; `:param` segments allowed for screens outside the menu. */
  path: string;
  /** i18n key of the menu entry and the page title. */
  titleKey: string;
  permission: Permission;
  group: NavGroup;
  icon: LucideIcon;
  /** false: reachable by a link only (a member's page), not listed in the menu. */
  inNav?: boolean;
  /** The screen's own chunk. */
  component: () => Promise<ComponentType>;
};

export const SCREENS: readonly AdminScreen[] = [
  {
    path: 'dashboard',
    titleKey: 'screens.dashboard',
    permission: 'dashboard.view',
    group: 'overview',
    icon: LayoutDashboard,
    component: async () => (await import('@admin/features/dashboard/dashboard-screen')).DashboardScreen,
  },
  {
    path: 'reports',
    titleKey: 'screens.reports',
    permission: 'reports.view',
    group: 'overview',
    icon: ChartColumn,
    component: async () => (await import('@admin/features/reports/reports-screen')).ReportsScreen,
  },
  {
    path: 'withdrawals',
    titleKey: 'screens.withdrawals',
    permission: 'withdrawals.view',
    group: 'money',
    icon: Banknote,
    component: async () => (await import('@admin/features/withdrawals/withdrawals-screen')).WithdrawalsScreen,
  },
  {
    path: 'slips',
    titleKey: 'screens.slips',
    permission: 'slips.view',
    group: 'money',
    icon: Receipt,
    component: async () => (await import('@admin/features/slips/slips-screen')).SlipsScreen,
  },
  {
    path: 'deposit-notices',
    titleKey: 'screens.depositNotices',
    permission: 'deposits.view',
    group: 'money',
    icon: HandCoins,
    component: async () => (await import('@admin/features/deposit-notices/deposit-notices-screen')).DepositNoticesScreen,
  },
  {
    path: 'incoming-deposits',
    titleKey: 'screens.incomingDeposits',
    permission: 'deposits.view',
    group: 'money',
    icon: HandCoins,
    component: async () => (await import('@admin/features/incoming-deposits/incoming-deposits-screen')).IncomingDepositsScreen,
  },
  {
    path: 'adjustments',
    titleKey: 'screens.adjustments',
    permission: 'adjustments.view',
    group: 'money',
    icon: Scale,
    component: async () => (await import('@admin/features/adjustments/adjustments-screen')).AdjustmentsScreen,
  },
  {
    path: 'transfers',
    titleKey: 'screens.transfers',
    permission: 'transfers.view',
    group: 'money',
    icon: ArrowLeftRight,
    component: async () => (await import('@admin/features/transfers/transfers-screen')).TransfersScreen,
  },
  {
    path: 'members',
    titleKey: 'screens.members',
    permission: 'members.view',
    group: 'members',
    icon: Users,
    component: async () => (await import('@admin/features/members/members-screen')).MembersScreen,
  },
  {
    path: 'members/:memberId',
    titleKey: 'screens.member',
    permission: 'members.view',
    group: 'members',
    icon: Users,
    inNav: false,
    component: async () => (await import('@admin/features/members/member-screen')).MemberScreen,
  },
  {
    path: 'chat',
    titleKey: 'screens.chat',
    permission: 'chat.reply',
    group: 'members',
    icon: MessagesSquare,
    component: async () => (await import('@admin/features/chat/chat-screen')).ChatScreen,
  },
  {
    path: 'blacklist',
    titleKey: 'screens.blacklist',
    permission: 'blacklist.view',
    group: 'members',
    icon: Ban,
    component: async () => (await import('@admin/features/blacklist/blacklist-screen')).BlacklistScreen,
  },
  {
    path: 'settings',
    titleKey: 'screens.settings',
    permission: 'settings.view',
    group: 'site',
    icon: Settings,
    component: async () => (await import('@admin/features/settings/settings-screen')).SettingsScreen,
  },
  {
    path: 'rewards',
    titleKey: 'screens.rewards',
    permission: 'rewards.manage',
    group: 'site',
    icon: Gift,
    component: async () => (await import('@admin/features/rewards/rewards-screen')).RewardsScreen,
  },
  {
    path: 'spin',
    titleKey: 'screens.spin',
    permission: 'spin.manage',
    group: 'site',
    icon: LifeBuoy,
    component: async () => (await import('@admin/features/spin/spin-screen')).SpinScreen,
  },
  {
    path: 'content',
    titleKey: 'screens.content',
    permission: 'content.view',
    group: 'site',
    icon: FileText,
    component: async () => (await import('@admin/features/content/content-screen')).ContentScreen,
  },
  {
    path: 'audit',
    titleKey: 'screens.audit',
    permission: 'audit.view',
    group: 'control',
    icon: ScrollText,
    component: async () => (await import('@admin/features/audit/audit-screen')).AuditScreen,
  },
  {
    path: 'operators',
    titleKey: 'screens.operators',
    permission: 'operators.view',
    group: 'control',
    icon: UserCog,
    component: async () => (await import('@admin/features/operators/operators-screen')).OperatorsScreen,
  },
];

/** The screens an operator holding `permissions` may open, in registry order. */
export function screensFor(permissions: ReadonlySet<string>): AdminScreen[] {
  return SCREENS.filter((screen) => permissions.has(screen.permission));
}

/** Where an operator lands after login: their first menu screen (every role sees the dashboard). */
export function homePathFor(permissions: ReadonlySet<string>): string {
  const first = screensFor(permissions).find((screen) => screen.inNav !== false);
  return first ? `/${first.path}` : '/account';
}
