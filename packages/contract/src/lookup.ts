import { z } from 'zod';
import { text } from './text.ts';
import { ZAmount } from './money.ts';
import { CURRENCIES, TUTORIAL_VIDEOS } from './constants.ts';

/** Text in the three interface languages. */
export const ZLocalized = z.object({ th: text(), la: text(), en: text() });
export type TLocalized = z.infer<typeof ZLocalized>;

/**
 * A bank's or a registration source's name in each interface language: the
 * page shows the one of its own language (`nameTH` is the original field, the
 * others sit beside it), so a Lao or English page never shows Thai script.
 */
export const ZLocalName = z.object({ nameTH: text(), nameLA: text(), nameEN: text() });
export type TLocalName = z.infer<typeof ZLocalName>;

const ZBank = ZLocalName.extend({ code: text() });
export type TBank = z.infer<typeof ZBank>;
export const ZBanksResponse = z.array(ZBank);

/** A listed bank's mark (an SVG drawn by the server, modules/lookup/bank-logos.ts); unknown codes answer 404. */
export const bankLogoPath = (code: string) => `/assets/banks/${encodeURIComponent(code)}.svg`;

/** `description` is the original one-language label; screens show the name of their language. */
const ZSource = ZLocalName.extend({ code: text(), description: text() });
export const ZSourcesResponse = z.array(ZSource);

const ZDepositAccount = z.object({
  bank: ZLocalName,
  bankCode: text(),
  bankType: text(),
  bankAccountName: text(),
  bankAccountNo: text(),
  currency: z.enum(CURRENCIES),
  mode: z.enum(['AUTO', 'SMS']),
});
const ZDepositWallet = z.object({
  walletAccountName: text(),
  mode: z.enum(['AUTO', 'SMS']),
});
export const ZDepositLookup = z.object({
  banks: z.array(ZDepositAccount),
  wallets: z.array(ZDepositWallet),
  isManual: z.boolean(),
});
export type TDepositLookup = z.infer<typeof ZDepositLookup>;

export const ZWithdrawLookup = z.object({ withdrawMin: ZAmount, withdrawMax: ZAmount });

const ZSlipStatus = z.enum(['processing', 'success', 'failed']);
export const ZSlipLookup = z.array(z.object({ code: ZSlipStatus, name: ZLocalized }));

export const ZContact = z.object({
  contactText: ZLocalized,
  lineLink: text(),
  lineName: text(),
  lineQR: text(),
});

export const ZInfo = z.object({ name: text(), website: text() });
export const ZTextList = z.array(ZLocalized);
export const ZNotice = z.object({ text: ZLocalized });
export const ZFlag = z.object({ enabled: z.boolean() });
export const ZActive = z.object({ status: z.enum(['active', 'gone']) });
export type TActive = z.infer<typeof ZActive>;

/**
 * Tutorial videos for /howto, one recording per interface language (each is
 * filmed and captioned in its language); a language without a URL shows the
 * video as "coming soon".
 */
const ZHowtoUrls = z.object({ th: text().nullable(), la: text().nullable(), en: text().nullable() });
export const ZHowto = z.array(z.object({ key: z.enum(TUTORIAL_VIDEOS), urls: ZHowtoUrls }));
export type THowto = z.infer<typeof ZHowto>;
