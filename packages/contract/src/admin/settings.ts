import { z } from 'zod';
import { text } from '../text.ts';
import { QR_PROVIDERS } from '../constants.ts';
import { ZCurrencyRulesEdit } from '../money-rules.ts';
import { ZActive, ZContact, ZFlag, ZHowto, ZInfo, ZNotice, ZTextList } from '../lookup.ts';

/**
 * Operator settings and site content in the back office (docs/operators.md,
 * "Settings and content"). Each section is one form: GET answers them all, PUT
 * /api/admin/settings/:section saves one (validated here, audited with before
 * and after). A change reaches every node within the settings cache time.
 */

const HHMM = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'KEY_INVALID' });

/** QR providers on/off (in `rules.qr`); a provider not listed is on. Its minimum is each currency's (`rules.money`). */
const ZQrProviderSetting = z.object({ enabled: z.boolean() });
export const ZQrRules = z.object({ providers: z.partialRecord(z.enum(QR_PROVIDERS), ZQrProviderSetting).default({}) });
export type QrRules = z.infer<typeof ZQrRules>;
export const QR_RULES_KEY = 'rules.qr';

export const SETTINGS_SECTIONS = {
  /** `gone` closes the member site (every page goes to /terminated). */
  service: ZActive,
  registrationCode: ZFlag,
  chatWidget: ZFlag,
  /** Manual deposit mode: members tell the amount, an operator confirms. */
  depositMode: z.object({ isManual: z.boolean() }),
  /**
   * Every amount rule of each currency, kip and baht apart (docs/money.md,
   * "Rules per currency"): withdraw limits, auto-approval, four eyes, transfer and
   * gift-link minimums, coins per deposit, the bonus clear-below amount, QR picks.
   */
  money: z.object({ THB: ZCurrencyRulesEdit, LAK: ZCurrencyRulesEdit }),
  qrProviders: z.array(z.object({ provider: z.enum(QR_PROVIDERS), enabled: z.boolean() })),
  /** Off: the game is hidden from play and transfers in; money can still come out. */
  games: z.array(z.object({ code: text().max(32), enabled: z.boolean() })),
  /** Daily window (site time zone) in which slip upload is closed; from > to spans midnight. */
  slipWindow: z.object({ from: HHMM, to: HHMM }),
  /** Back-office sessions: idle minutes and the IP allow-list (empty: any address). */
  backOffice: z.object({
    idleMinutes: z.number().int().min(1).max(240),
    ipAllowList: z.array(text().trim().min(1).max(64)).max(200),
  }),
} as const;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;
export const SETTINGS_SECTION_NAMES = Object.keys(SETTINGS_SECTIONS) as SettingsSection[];

export const ZSettings = z.object({
  service: SETTINGS_SECTIONS.service,
  registrationCode: SETTINGS_SECTIONS.registrationCode,
  chatWidget: SETTINGS_SECTIONS.chatWidget,
  depositMode: SETTINGS_SECTIONS.depositMode,
  money: SETTINGS_SECTIONS.money,
  qrProviders: SETTINGS_SECTIONS.qrProviders,
  games: z.array(z.object({ code: text(), name: text(), category: text(), enabled: z.boolean() })),
  slipWindow: SETTINGS_SECTIONS.slipWindow,
  backOffice: SETTINGS_SECTIONS.backOffice,
});
export type TSettings = z.infer<typeof ZSettings>;

/** Site content, each in th/la/en where it is text (the lookups the member site reads). */
export const CONTENT_SCHEMAS = {
  conditions: ZTextList,
  agreements: ZTextList,
  notice: ZNotice,
  contact: ZContact,
  info: ZInfo,
  howto: ZHowto,
} as const;
export type ContentName = keyof typeof CONTENT_SCHEMAS;
export const CONTENT_NAMES = Object.keys(CONTENT_SCHEMAS) as ContentName[];
export const ZContent = z.object(CONTENT_SCHEMAS);
export type TContent = z.infer<typeof ZContent>;
/** The contact QR image upload answers the data URL it stored as `contact.lineQR`. */
export const ZContactQrResponse = z.object({ lineQR: text() });
