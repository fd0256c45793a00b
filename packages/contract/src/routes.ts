/** API paths, written once for the server and the web (Fastify-style `:param` placeholders). */
export const ROUTES = {
  health: '/api/health',
  docs: '/api/docs',
  lookup: {
    banks: '/api/lookup/banks',
    deposit: '/api/lookup/deposit',
    conditions: '/api/lookup/conditions',
    agreements: '/api/lookup/agreements',
    info: '/api/lookup/info',
    notice: '/api/lookup/notice',
    contact: '/api/lookup/contact',
    withdraw: '/api/lookup/withdraw',
    money: '/api/lookup/money',
    slip: '/api/lookup/slip',
    sources: '/api/lookup/sources',
    active: '/api/lookup/active',
    registerOTP: '/api/lookup/registerOTP',
    enableChatWidget: '/api/lookup/enableChatWidget',
    howto: '/api/lookup/howto',
  },
  account: {
    login: '/api/login',
    logout: '/api/logout',
    validate: '/api/account/validate',
    register: '/api/account',
    profile: '/api/account/profile',
    bankAccountName: '/api/account/bankAccountName',
    changePassword: '/api/account/changepwd',
    otpSend: '/api/otp/send',
    otpVerify: '/api/otp/verify',
    passwordForgot: '/api/password/forgot',
    passwordReset: '/api/password/reset',
  },
  wallet: {
    summary: '/api/wallet',
    refreshSlot: '/api/wallet/refresh/slot',
    activate: '/api/wallet/activate/:code',
    account: '/api/wallet/account/:code',
    resetPassword: '/api/wallet/resetpassword/:code',
    add: '/api/wallet/add',
    transfer: '/api/wallet/transfer',
    transferAll: '/api/wallet/transferAll',
    withdraw: '/api/wallet/withdraw',
    withdrawAll: '/api/wallet/withdrawAll',
    slip: '/api/wallet/slip',
    slipStatus: '/api/wallet/slip/:slipId',
    truelink: '/api/wallet/truelink',
  },
  invite: {
    list: '/api/invite',
    bonus: '/api/invite/bonus',
    banners: '/api/invite/banners',
  },
  refund: {
    list: '/api/refund',
    check: '/api/refund/check',
    receive: '/api/refund/receive',
    addWallet: '/api/refund/addWallet',
    banners: '/api/refund/banners',
  },
  bonus: {
    list: '/api/bonus',
    activate: '/api/bonus/activate/:code',
    checkActive: '/api/bonus/check/active',
    checkMinimum: '/api/bonus/check/minimum',
    clear: '/api/bonus/clear',
  },
  promotion: {
    current: '/api/promotion/current',
    find: '/api/promotion/find/:code',
    activate: '/api/promotion/activate/:code',
  },
  statement: {
    list: '/api/statement',
    slip: '/api/statement/slip',
    slipReference: '/api/statement/slip/reference/:reference',
  },
  spinwheel: {
    setup: '/api/spinwheel/setup',
    spin: '/api/spinwheel/spin',
    coupon: '/api/spinwheel/coupon',
    claim: '/api/spinwheel/coupon/claim',
    active: '/api/spinwheel/active',
    fairness: '/api/spinwheel/fairness',
    rotateSeed: '/api/spinwheel/fairness/rotate',
    history: '/api/spinwheel/history',
    wheelVersion: '/api/spinwheel/wheel/:version',
  },
  qrcode: {
    /** Each provider's minimum and quick picks as the server applies them (built-in, or the operator's `rules.qr`). */
    rules: '/api/qrcode/rules',
    byProvider: '/api/qrcode/:provider',
    byId: '/api/qrcode/:qrcodeId',
    status: '/api/qrcode/status/:qrcodeId',
  },
  line: {
    /** A short code the member sends the site's LINE bot to link their LINE account. */
    linkCode: '/api/line/link-code',
    /** The member's LINE link and the notices they chose. */
    link: '/api/line/link',
    /** Where LINE posts webhook events (signed with x-line-signature). */
    webhook: '/api/line/webhook',
  },
  /** Player care (docs/player-care.md): limits, breaks, deposits held for a person. */
  care: {
    limits: '/api/care/limits',
    limitConfirm: '/api/care/limits/confirm',
    limitCancel: '/api/care/limits/cancel',
    break: '/api/care/break',
    holds: '/api/care/holds',
    realityCheck: '/api/care/reality-check',
  },
  /** Web Push: the site's VAPID public key, and this member's browsers subscribed to notices. */
  push: {
    key: '/api/push/key',
    subscriptions: '/api/push/subscriptions',
  },
  autoLogin: '/api/autoLogin/:game/:username/:password?',
  /** The one-time page a form launcher's link opens (not called by the web client). */
  gameLaunch: '/api/game-launch/:ticket',
  gameLaunchScript: '/api/game-launch/auto-submit.js',
  chat: {
    config: '/api/chat/config',
    sendMessage: '/api/chat/send-message',
    history: '/api/chat/history',
    uploadImage: '/api/chat/upload-image',
    uploadVideo: '/api/chat/upload-video',
    readCustomer: '/api/chat/read-customer/',
  },
} as const;

/** Fills `:param` placeholders: `apiPath(ROUTES.wallet.activate, { code: 'pg' })`. */
export function apiPath(template: string, params: Record<string, string> = {}): string {
  return template
    .replace(/\/:(\w+)\?/g, (_, key: string) => (params[key] === undefined ? '' : `/${encodeURIComponent(params[key])}`))
    .replace(/:(\w+)/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`missing path parameter ${key}`);
      return encodeURIComponent(value);
    });
}
