/**
 * Back-office roles and permissions (docs/operators.md, "Roles and permissions").
 * Each admin action names exactly one permission; the role -> permission table
 * below is the only place that grants them. The admin app hides what a role
 * lacks, and the server checks every request against the same table.
 */
export const ROLES = ['owner', 'finance', 'support', 'marketing', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Every permission, with what it allows (shown to owners when they assign roles). */
const PERMISSIONS = {
  'dashboard.view': 'See the dashboard: today and the last 7 days, queue sizes, the health figures',
  // Money desk
  'withdrawals.view': 'See the withdrawal queue and recent withdrawals',
  'withdrawals.approve': 'Approve a withdrawal (the maker: proposes it when above the four-eyes amount)',
  'withdrawals.confirm': 'Confirm a withdrawal another operator proposed (the checker)',
  'withdrawals.reject': 'Reject a withdrawal with a reason (the money returns to the wallet)',
  'payouts.view': 'See held payouts and the findings list',
  'payouts.settle': 'Settle a finding: mark a held payout paid or failed at the bank',
  'slips.view': 'See slips with their image and the verifier outcome',
  'slips.decide': 'Credit an undecided slip or fail it with a note code',
  'deposits.view': 'See manual deposit notices',
  'deposits.decide': 'Confirm or reject a manual deposit notice',
  'adjustments.view': 'See manual adjustments',
  'adjustments.propose': "Credit or debit a member's wallet with a reason (the maker above the four-eyes amount)",
  'adjustments.confirm': 'Confirm an adjustment another operator proposed (the checker)',
  'transfers.view': 'See pending game transfers and their reconciliation',
  'transfers.recheck': 'Force a re-check of a pending game transfer now',
  // Members
  'members.view': 'Search members and open a member page',
  'members.suspend': 'Suspend or reactivate a member',
  'members.resetPassword': "Reset a member's password (a temporary one by SMS)",
  'members.editBank': "Edit a member's bank details with a reason",
  'care.override': "End a member's cool-off or self-exclusion early, or let a held deposit into the wallet (owner only, with a reason)",
  'blacklist.view': 'See the bank-account blacklist',
  'blacklist.manage': 'Add or remove a blacklisted bank account',
  // Settings and content
  'settings.view': 'See the operator settings',
  'settings.edit': 'Change the operator settings (service closed, limits, providers...)',
  'content.view': 'See the site content (conditions, notice, contact...)',
  'content.edit': 'Change the site content',
  // Audit and operators
  'audit.view': 'Search the audit trail and verify its chain',
  'audit.checkpoint': "Download a signed checkpoint of the audit chain's head, to keep outside the database",
  'operators.view': 'See the operators and their roles',
  'operators.manage': 'Create, disable and reset operators',
  // Other back-office areas
  'chat.reply': 'Answer members in the support chat console',
  'rewards.manage': 'Manage bonuses, promotions, invite and refund rewards',
  'spin.manage': 'Manage the prize spin wheel',
  'reports.view': 'See reports',
} as const satisfies Record<string, string>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

const VIEW_ALL: Permission[] = PERMISSION_NAMES.filter((p) => p.endsWith('.view') && p !== 'operators.view');

/** The role -> permission table. `owner` holds every permission. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSION_NAMES,
  finance: [
    'dashboard.view',
    'withdrawals.view',
    'withdrawals.approve',
    'withdrawals.confirm',
    'withdrawals.reject',
    'payouts.view',
    'payouts.settle',
    'slips.view',
    'slips.decide',
    'deposits.view',
    'deposits.decide',
    'adjustments.view',
    'adjustments.propose',
    'adjustments.confirm',
    'transfers.view',
    'transfers.recheck',
    'members.view',
    'blacklist.view',
    'blacklist.manage',
    'settings.view',
    'content.view',
    'audit.view',
    'reports.view',
  ],
  support: [
    'dashboard.view',
    'withdrawals.view',
    'payouts.view',
    'slips.view',
    'deposits.view',
    'adjustments.view',
    'transfers.view',
    'transfers.recheck',
    'members.view',
    'members.suspend',
    'members.resetPassword',
    'members.editBank',
    'blacklist.view',
    'settings.view',
    'content.view',
    'chat.reply',
  ],
  marketing: ['dashboard.view', 'settings.view', 'content.view', 'content.edit', 'rewards.manage', 'spin.manage', 'reports.view'],
  viewer: VIEW_ALL,
};

/** The permissions a set of roles grants together. */
export function permissionsOf(roles: readonly Role[]): Set<Permission> {
  const granted = new Set<Permission>();
  for (const role of roles) for (const p of ROLE_PERMISSIONS[role]) granted.add(p);
  return granted;
}

export function hasPermission(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}
