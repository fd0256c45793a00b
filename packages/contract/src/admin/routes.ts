import type { Permission } from './permissions.ts';

/**
 * Every admin API route, with the one permission it needs (docs/operators.md,
 * "The route table"). `public`: no session (the login steps); `self`: any
 * logged-in operator (their own account). The server registers each route
 * through this table and the permission-matrix test walks all of it, so a
 * route missing here is a bug. Fastify-style `:param` placeholders
 * (fill them with apiPath from '@jetton/contract/routes').
 */
export type AdminRouteAccess = Permission | 'public' | 'self';
export type AdminRoute = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly access: AdminRouteAccess;
};

export const ADMIN_PREFIX = '/api/admin';

const r = <A extends AdminRouteAccess>(method: AdminRoute['method'], path: string, access: A) =>
  ({ method, path: `${ADMIN_PREFIX}${path}`, access }) as const;

export const ADMIN_ROUTES = {
  auth: {
    login: r('POST', '/auth/login', 'public'),
    totp: r('POST', '/auth/totp', 'public'),
    enrol: r('POST', '/auth/enrol', 'public'),
    logout: r('POST', '/auth/logout', 'self'),
    me: r('GET', '/auth/me', 'self'),
    password: r('POST', '/auth/password', 'self'),
    recoveryCodes: r('POST', '/auth/recovery-codes', 'self'),
  },
  operators: {
    list: r('GET', '/operators', 'operators.view'),
    create: r('POST', '/operators', 'operators.manage'),
    update: r('PATCH', '/operators/:id', 'operators.manage'),
    reset: r('POST', '/operators/:id/reset', 'operators.manage'),
  },
  audit: {
    list: r('GET', '/audit', 'audit.view'),
    verify: r('GET', '/audit/verify', 'audit.view'),
    /** The signed head of the chain, to keep outside the database (docs/operators.md, "Audit trail"). */
    checkpoint: r('GET', '/audit/checkpoint', 'audit.checkpoint'),
  },
  dashboard: {
    summary: r('GET', '/dashboard', 'dashboard.view'),
    /** The health figures /metrics exports (docs/operations.md, "The dashboard's health panel"). */
    health: r('GET', '/dashboard/health', 'dashboard.view'),
  },
  withdrawals: {
    list: r('GET', '/withdrawals', 'withdrawals.view'),
    detail: r('GET', '/withdrawals/:id', 'withdrawals.view'),
    approve: r('POST', '/withdrawals/:id/approve', 'withdrawals.approve'),
    confirm: r('POST', '/withdrawals/:id/confirm', 'withdrawals.confirm'),
    reject: r('POST', '/withdrawals/:id/reject', 'withdrawals.reject'),
  },
  payouts: {
    held: r('GET', '/payouts/held', 'payouts.view'),
    findings: r('GET', '/payouts/findings', 'payouts.view'),
    settle: r('POST', '/payouts/:id/settle', 'payouts.settle'),
  },
  slips: {
    list: r('GET', '/slips', 'slips.view'),
    detail: r('GET', '/slips/:id', 'slips.view'),
    image: r('GET', '/slips/:id/image', 'slips.view'),
    credit: r('POST', '/slips/:id/credit', 'slips.decide'),
    fail: r('POST', '/slips/:id/fail', 'slips.decide'),
  },
  depositNotices: {
    list: r('GET', '/deposit-notices', 'deposits.view'),
    confirm: r('POST', '/deposit-notices/:id/confirm', 'deposits.decide'),
    reject: r('POST', '/deposit-notices/:id/reject', 'deposits.decide'),
  },
  /** Automatic deposits' queue: lines no member could be matched to (docs/auto-deposit.md). */
  incomingDeposits: {
    list: r('GET', '/incoming-deposits', 'deposits.view'),
    assign: r('POST', '/incoming-deposits/:id/assign', 'deposits.decide'),
    return: r('POST', '/incoming-deposits/:id/return', 'deposits.decide'),
  },
  /** The SMS forwarder devices allowed to post credit SMS (docs/auto-deposit.md, "Forwarder set-up"). */
  smsForwarders: {
    list: r('GET', '/sms-forwarders', 'settings.view'),
    create: r('POST', '/sms-forwarders', 'settings.edit'),
    revoke: r('POST', '/sms-forwarders/:id/revoke', 'settings.edit'),
  },
  adjustments: {
    list: r('GET', '/adjustments', 'adjustments.view'),
    propose: r('POST', '/adjustments', 'adjustments.propose'),
    confirm: r('POST', '/adjustments/:id/confirm', 'adjustments.confirm'),
    reject: r('POST', '/adjustments/:id/reject', 'adjustments.confirm'),
  },
  transfers: {
    list: r('GET', '/transfers', 'transfers.view'),
    recheck: r('POST', '/transfers/:id/recheck', 'transfers.recheck'),
  },
  members: {
    search: r('GET', '/members', 'members.view'),
    detail: r('GET', '/members/:id', 'members.view'),
    statement: r('GET', '/members/:id/statement', 'members.view'),
    suspend: r('POST', '/members/:id/suspend', 'members.suspend'),
    reactivate: r('POST', '/members/:id/reactivate', 'members.suspend'),
    resetPassword: r('POST', '/members/:id/reset-password', 'members.resetPassword'),
    editBank: r('PUT', '/members/:id/bank', 'members.editBank'),
  },
  care: {
    member: r('GET', '/members/:id/care', 'members.view'),
    endBreak: r('POST', '/members/:id/care/end-break', 'care.override'),
    releaseHold: r('POST', '/care/holds/:id/release', 'care.override'),
    limitHits: r('GET', '/care/limit-hits', 'reports.view'),
  },
  blacklist: {
    list: r('GET', '/blacklist', 'blacklist.view'),
    add: r('POST', '/blacklist', 'blacklist.manage'),
    remove: r('DELETE', '/blacklist/:id', 'blacklist.manage'),
  },
  settings: {
    get: r('GET', '/settings', 'settings.view'),
    update: r('PUT', '/settings/:section', 'settings.edit'),
  },
  content: {
    get: r('GET', '/content', 'content.view'),
    update: r('PUT', '/content/:name', 'content.edit'),
    contactQr: r('POST', '/content/contact/qr', 'content.edit'),
  },
  /** The support chat console: chat-agent.ts's CHAT_AGENT_ROUTES mounted under /api/admin/chat. */
  chat: {
    conversations: r('GET', '/chat/conversations', 'chat.reply'),
    conversation: r('GET', '/chat/conversations/:conversationId', 'chat.reply'),
    reply: r('POST', '/chat/conversations/:conversationId/reply', 'chat.reply'),
    read: r('POST', '/chat/conversations/:conversationId/read', 'chat.reply'),
    assign: r('POST', '/chat/conversations/:conversationId/assign', 'chat.reply'),
    close: r('POST', '/chat/conversations/:conversationId/close', 'chat.reply'),
    reopen: r('POST', '/chat/conversations/:conversationId/reopen', 'chat.reply'),
    uploadImage: r('POST', '/chat/conversations/:conversationId/upload-image', 'chat.reply'),
    uploadVideo: r('POST', '/chat/conversations/:conversationId/upload-video', 'chat.reply'),
    canned: r('GET', '/chat/canned-replies', 'chat.reply'),
    cannedUpdate: r('PUT', '/chat/canned-replies', 'chat.reply'),
  },
  /** Rewards (rewards.ts): bonus and promotion definitions, banners, a member's bonuses (docs/rewards.md, "Operator side"). */
  rewards: {
    definitions: r('GET', '/rewards/definitions', 'rewards.manage'),
    createDefinition: r('POST', '/rewards/definitions', 'rewards.manage'),
    updateDefinition: r('PUT', '/rewards/definitions/:id', 'rewards.manage'),
    banners: r('PUT', '/rewards/banners/:placement', 'rewards.manage'),
    memberBonuses: r('GET', '/rewards/members/:id/bonuses', 'rewards.manage'),
    endBonus: r('POST', '/rewards/bonuses/:id/end', 'rewards.manage'),
  },
  /** The prize wheel (spin.ts): the wheel's versions, saving a new one, on/off, the draw report (docs/spin.md, "Configuration"). */
  spin: {
    wheel: r('GET', '/spin/wheel', 'spin.manage'),
    saveWheel: r('POST', '/spin/wheel', 'spin.manage'),
    setActive: r('PUT', '/spin/wheel/active', 'spin.manage'),
    report: r('GET', '/spin/wheel/report', 'spin.manage'),
  },
  /** Reports (reports.ts): `:report` is one of REPORT_NAMES; the range is the query (from, to). */
  reports: {
    reconciliation: r('GET', '/reports/reconciliation', 'reports.view'),
    report: r('GET', '/reports/:report', 'reports.view'),
    csv: r('GET', '/reports/:report/csv', 'reports.view'),
  },
} as const;

/** The prefix under which the chat console's routes (CHAT_AGENT_ROUTES) are mounted. */
export const ADMIN_CHAT_PREFIX = `${ADMIN_PREFIX}/chat`;

/** Every route of the table, flat (the permission-matrix test and the OpenAPI check walk it). */
export function adminRouteList(): AdminRoute[] {
  return Object.values(ADMIN_ROUTES).flatMap((group) => Object.values(group) as AdminRoute[]);
}
