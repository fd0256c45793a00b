import type { z } from 'zod';
import {
  ZActive,
  ZBanksResponse,
  ZContact,
  ZDepositLookup,
  ZFlag,
  ZHowto,
  ZInfo,
  ZNotice,
  ZSlipLookup,
  ZSourcesResponse,
  ZTextList,
} from '@jetton/contract/lookup';

/**
 * Each lookup answered from the settings table, with the schema its stored value
 * must satisfy. A stored value that does not parse is an operator error and is
 * logged, never sent half-formed. The withdraw limits are not here: they are
 * amount rules of each currency (`rules.money`, money-lookup-routes.ts).
 */
export const LOOKUP_SETTINGS = {
  banks: { key: 'lookup.banks', schema: ZBanksResponse },
  deposit: { key: 'lookup.deposit', schema: ZDepositLookup },
  conditions: { key: 'lookup.conditions', schema: ZTextList },
  agreements: { key: 'lookup.agreements', schema: ZTextList },
  info: { key: 'lookup.info', schema: ZInfo },
  notice: { key: 'lookup.notice', schema: ZNotice },
  contact: { key: 'lookup.contact', schema: ZContact },
  slip: { key: 'lookup.slip', schema: ZSlipLookup },
  sources: { key: 'lookup.sources', schema: ZSourcesResponse },
  active: { key: 'lookup.active', schema: ZActive },
  registerOTP: { key: 'lookup.registerOTP', schema: ZFlag },
  enableChatWidget: { key: 'lookup.enableChatWidget', schema: ZFlag },
  howto: { key: 'lookup.howto', schema: ZHowto },
} as const satisfies Record<string, { key: string; schema: z.ZodType }>;

export type LookupName = keyof typeof LOOKUP_SETTINGS;
export type LookupValue<N extends LookupName> = z.infer<(typeof LOOKUP_SETTINGS)[N]['schema']>;
