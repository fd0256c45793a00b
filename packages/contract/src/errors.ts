/**
 * The error-code catalogue (docs/http.md, "Errors on the wire").
 * Every error the API sends is `{ "message": CODE }` with the HTTP status below;
 * the web translates CODE into th/la/en.
 */
export const ERROR_STATUS = {
  // Auth and user
  UNAUTHORIZED: 401,
  EXPIRED_AUTH_TOKEN: 401,
  INVALID_USER_1: 403,
  INVALID_USER_2: 403,
  INVALID_USER_3: 403,
  INVALID_USER_4: 403,
  INVALID_IP: 403,
  NO_USER: 404,
  WRONG_PASSWORD: 401,
  WRONG_CREDENTIAL: 401,
  INACTIVE_USER: 403,
  LOGIN_FAIL: 401,
  /** Too many wrong passwords: the phone is locked; the body also carries `retryAfterSeconds` (and a Retry-After header). */
  LOGIN_LOCKED: 429,
  // One-time code and limits
  OTP_BLOCK: 429,
  REQUEST_LIMIT: 429,
  REQUEST_LIMIT_1MIN: 429,
  OTP_TOKEN_INVALID: 400,
  OTP_NOT_EXIST: 404,
  OTP_VERIFIED: 409,
  OTP_EXPIRED: 422,
  OTP_CODE_INVALID: 422,
  OTP_CODE_VALID: 200,
  UNVERIFIED_OTP: 422,
  OTP_SEND_FAIL: 502,
  OTP_VERIFY_FAIL: 502,
  // Registration
  EXISTING_USER: 409,
  EXISTING_BANK: 409,
  INVALID_USER_INFO: 400,
  GAME_ACTIVATION_FAIL: 502,
  INVALID_BANK: 400,
  BANK_ACCOUNT_NAME_ENG: 400,
  REGISTER_FAIL: 500,
  PHONE_NUMBER_REQUIRE_10_DIGIT: 400,
  // Bonus
  BONUS_REMAINING: 422,
  BONUS_ALREADY_ACTIVE: 409,
  BONUS_MAX_CLAIMED: 422,
  BONUS_CONDITION: 422,
  BONUS_CLEAR: 200,
  BONUS_FULL: 422,
  // Invite
  INVITE_COLLECT: 200,
  INVITE_INACTIVE: 422,
  NO_INVITE_BONUS: 422,
  NO_INVITEE_PLAY_INFO: 404,
  INVITE_BONUS_SUCCESS: 200,
  INVITE_BONUS_FAIL: 422,
  // General
  INTERNAL_SERVER_ERROR: 500,
  KEY_MISSING: 400,
  KEY_INVALID: 400,
  NO_DATA: 404,
  // Promotion and refund
  NO_PROMOTION: 404,
  PROMOTION_RECEIVED: 409,
  QR_FAIL: 502,
  /** A QR answer's `message` (hasQrcode false): the amount is under the provider's minimum (GET /api/qrcode/rules). */
  QR_BELOW_MINIMUM: 422,
  /** A QR answer's `message`: an operator turned this provider off. */
  QR_PROVIDER_OFF: 422,
  NO_REFUND: 404,
  REFUND_CONDITION: 422,
  REFUND_SUCCESS: 200,
  REFUND_INACTIVE: 422,
  REFUND_MINIMUM: 422,
  // Wallet and games
  NO_BANK: 404,
  NO_WALLET: 404,
  SLOT_ALREADY_ACTIVE: 409,
  SLOT_ACTIVATE_FAIL: 502,
  SLOT_NO_ACCOUNT: 404,
  SLOT_RESET_PASSWORD_FAIL: 502,
  TRANSFER_MINIMUM: 422,
  NO_GAME: 404,
  MONEY_NOT_ENOUGH: 422,
  TRANSFER_FAIL: 502,
  // Slip and gift link
  SLIP_UPLOAD_FAIL: 422,
  /** Slip upload is closed for the daily window of the operator's setting (the `notice` lookup says when). */
  SLIP_UPLOAD_CLOSED: 422,
  SLIP_NO_FILE: 400,
  SLIP_INVALID_FILE: 415,
  TRUELINK_DUPLICATE: 409,
  TRUELINK_INVALID: 422,
  /** Gift links pay baht: a wallet in another currency is not offered them (docs/money.md, "Rules per currency"). */
  GIFT_LINK_CURRENCY: 422,
  // Chat
  CHAT_FILE_INVALID: 415,
  /** A message with nothing visible in it (white space, zero-width or filler characters only). */
  CHAT_MESSAGE_BLANK: 400,
  // Spin coupon (BONUS_REMAINING is listed under Bonus)
  NO_CLAIMABLE_COUPON: 404,
  INVALID_PRIZE_CODE: 400,
  INVALID_CODE: 400,
  INVALID_COUPON_TYPE: 400,
  COUPON_EXPIRED: 410,
  /** A spin with no coin left. */
  NO_COIN: 422,
  // Session and service state, and Idempotency-Key reuse
  'invalid-token': 401,
  gone: 503,
  IDEMPOTENCY_KEY_REUSED: 409,
  // Transport-level refusals (docs/http.md, "Errors on the wire")
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  /** The database or another part the server needs was briefly unreachable; nothing is promised done or undone (docs/faults.md). */
  SERVICE_UNAVAILABLE: 503,
  // Money desk (docs/money-desk.md, "Four eyes"): the proposer tried to confirm their own proposal,
  // a proposal is already pending, nothing is proposed to confirm, the item was already decided.
  FOUR_EYES_SAME_OPERATOR: 403,
  ALREADY_PROPOSED: 409,
  NOT_PROPOSED: 409,
  ALREADY_DECIDED: 409,
  // Back office (docs/operators.md): a logged-in operator without the route's permission,
  // a missing or wrong X-CSRF-Token, a reset password not yet changed, the last active owner.
  FORBIDDEN: 403,
  CSRF_INVALID: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  LAST_OWNER: 409,
  // Player care (docs/player-care.md): a limit the money would pass; a raise not yet past its cooling
  // period; a break in force (every money route but withdrawal); a break only ever made longer;
  // a phone or bank account whose owner is self-excluded.
  DEPOSIT_LIMIT_REACHED: 422,
  LOSS_LIMIT_REACHED: 422,
  WAGER_LIMIT_REACHED: 422,
  LIMIT_NOT_DUE: 409,
  COOLING_OFF: 403,
  SELF_EXCLUDED: 403,
  BREAK_SHORTER: 409,
  REGISTRATION_EXCLUDED: 403,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Slip failure reasons (docs/deposits.md): the `note` of a failed slip. */
export const SLIP_NOTE_CODES = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
] as const;

export type SlipNoteCode = (typeof SLIP_NOTE_CODES)[number];
