/**
 * Product constants, written once for the server and the web (docs/screens.md,
 * "Formats and timings"; docs/engineering.md, "House rules"). Numbers an
 * operator may change live in the settings table instead (docs/http.md).
 */
import { SITE_TIME_ZONE } from './site-time.ts';

export const APP_VERSION = '1.1.14';

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'th';
export const LAO_DEFAULT_LOCALE: Locale = 'la';
/** The language tag of each locale for `lang` attributes and Intl (Lao is ISO 639-1 `lo`). */
export const LANGUAGE_TAGS: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Currencies a member can hold; the Lao build offers LAK or BAHT (stored as THB). */
export const CURRENCIES = ['THB', 'LAK'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const LAO_CURRENCY_CHOICES = ['LAK', 'BAHT'] as const;

export const TIMEOUTS_MS = {
  default: 60_000,
  chatUpload: 300_000,
  slipUpload: 300_000,
} as const;

export const LIMITS = {
  phoneLength: 10,
  passwordMin: 6,
  /** Largest amount the API accepts, in units (docs/money.md, "Amounts and currencies"). */
  amountMax: 1_000_000_000_000,
} as const;

export const QR_PROVIDERS = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];

export const CHAT = {
  textMax: 2000,
  imageMaxMb: 10,
  videoMaxMb: 20,
  historyPageSize: 10,
  reconnectCheckMs: 5_000,
  /** The first retry after a dropped socket (a node restarting), randomized by half, doubling up to reconnectCheckMs. */
  reconnectDelayMs: 500,
  readMarkDebounceMs: 1_000,
  scrollToBottomThresholdPx: 60,
  acceptedTypes: ['video/mp4', 'video/quicktime', 'image/png', 'image/jpeg', 'image/jpg', 'image/gif'],
} as const;

export const PAGE_SIZE = {
  invite: 10,
  refund: 10,
  statement: 10,
  slip: 10,
  coupon: 3,
} as const;

export const DELAYS_MS = {
  loader: 200,
  agreementDialog: 1_500,
  registerRedirect: 2_000,
  toast: 4_000,
  chatAlert: 4_000,
  prizeDialog: 2_000,
  claimDebounce: 500,
  resizeDebounce: 500,
} as const;

export const SPIN_WHEEL = {
  maxSizePx: 350,
  maxWidthRatio: 0.85,
  minTurns: 3,
  maxTurns: 5,
  /** Duration = random(4..5) s x turns x 0.1. */
  durationSecondsRange: [4, 5] as const,
  durationTurnFactor: 0.1,
  friction: 0.991,
} as const;

export const FORMATS = {
  date: 'DD/MM/YYYY HH:mm:ss',
  timeZone: SITE_TIME_ZONE,
  decimals: 2,
} as const;

/** Lao banks: the Lao build lists them first wherever a member picks a bank (docs/money.md, "Rules per currency"). */
export const LAO_BANKS = ['BCEL', 'LDB', 'JDB', 'APB'] as const;

/** Banks with a Latin-letters-only account name rule (docs/accounts.md, "Registration"). */
export const LATIN_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;

export const GAME_CODES = [
  'pg',
  'betflix',
  'askmebet',
  'imi',
  'usun',
  'areaslot',
  'circus',
  'slotracha',
  'pgslot',
  'joker2',
  'huayhd',
] as const;
export type GameCode = (typeof GAME_CODES)[number];

export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Browser storage keys (docs/screens.md, "The session in the browser"). */
export const STORAGE_KEYS = {
  token: 'token',
  locale: 'locale',
  inviteCode: 'code',
  rememberAgreement: 'remember-agreement',
  lastSync: 'last_sync',
  guestId: 'guest-id',
} as const;

export const TUTORIAL_VIDEOS = ['wallet', 'howToPlay', 'checkBalance', 'receiveBonus', 'cancelBonus'] as const;
export type TutorialVideo = (typeof TUTORIAL_VIDEOS)[number];
