import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CONTENT_SCHEMAS,
  QR_RULES_KEY,
  SETTINGS_SECTIONS,
  ZQrRules,
  type ContentName,
  type SettingsSection,
  type TContent,
  type TSettings,
} from '@jetton/contract/admin/settings';
import { QR_PROVIDERS } from '@jetton/contract/constants';
import { MONEY_RULES_KEY, ZMoneyRules } from '@jetton/contract/money-rules';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { DEPOSIT_RULES_KEY, ZDepositRules } from '../deposit/deposit-rules.ts';
import { createGamesRepository } from '../games/games-repository.ts';
import { mergeRulesOverride, readRulesOverride } from '../lookup/cached-rules.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { SettingsRepository } from '../lookup/settings-repository.ts';
import { ADMIN_RULES_KEY, ZAdminRules } from './admin-rules.ts';
import type { AuditWriter } from './audit-log.ts';
import type { SessionOperator } from './operator-repository.ts';

const MINUTE = 60_000;

/**
 * The settings and content forms (docs/operators.md, "Settings and content").
 * Each section maps onto the lookups and `rules.*` settings the modules
 * already read; a lookup change clears this node's cache at once and the
 * others within SETTINGS_CACHE_TTL_MS, and `rules.*` reach every node within
 * the same time (createCachedRules): no restart. Only the fields a form edits
 * are written: a `rules.*` override keeps its other fields.
 */
export function createSettingsAdminService(deps: {
  db: Kysely<DB>;
  settings: SettingsRepository;
  lookups: LookupService;
  clock: Clock;
  audit: AuditWriter;
}) {
  const { db, settings, lookups, clock, audit } = deps;

  async function rules<T>(key: string, schema: z.ZodType<T>): Promise<T> {
    const parsed = schema.safeParse(await readRulesOverride(settings, key));
    return parsed.success ? parsed.data : schema.parse({});
  }
  const mergeRules = (key: string, schema: z.ZodType, patch: Record<string, unknown>) => mergeRulesOverride(settings, key, schema, patch);

  async function read(): Promise<TSettings> {
    const [active, otp, chat, deposit, money, qr, depositRules, adminRules, games] = await Promise.all([
      lookups.get('active'),
      lookups.get('registerOTP'),
      lookups.get('enableChatWidget'),
      lookups.get('deposit'),
      rules(MONEY_RULES_KEY, ZMoneyRules),
      rules(QR_RULES_KEY, ZQrRules),
      rules(DEPOSIT_RULES_KEY, ZDepositRules),
      rules(ADMIN_RULES_KEY, ZAdminRules),
      createGamesRepository(db).listSwitches(),
    ]);
    return {
      service: { status: active.status },
      registrationCode: { enabled: otp.enabled },
      chatWidget: { enabled: chat.enabled },
      depositMode: { isManual: deposit.isManual },
      money,
      qrProviders: QR_PROVIDERS.map((provider) => ({ provider, enabled: qr.providers[provider]?.enabled ?? true })),
      games: games.map((g) => ({ code: g.code, name: g.name, category: g.category, enabled: g.is_enabled })),
      slipWindow: { from: depositRules.slipClosedFrom, to: depositRules.slipClosedTo },
      backOffice: { idleMinutes: Math.round(adminRules.idleTimeoutMs / MINUTE), ipAllowList: adminRules.ipAllowList },
    };
  }

  /** Writes one section (already validated by its contract schema). */
  async function write(section: SettingsSection, value: unknown): Promise<void> {
    switch (section) {
      case 'service':
        return lookups.set('active', value);
      case 'registrationCode':
        return lookups.set('registerOTP', value);
      case 'chatWidget':
        return lookups.set('enableChatWidget', value);
      case 'depositMode': {
        const v = value as z.infer<typeof SETTINGS_SECTIONS.depositMode>;
        return lookups.set('deposit', { ...(await lookups.get('deposit')), isManual: v.isManual });
      }
      case 'money':
        return mergeRules(MONEY_RULES_KEY, ZMoneyRules, value as z.infer<typeof SETTINGS_SECTIONS.money>);
      case 'qrProviders': {
        const v = value as z.infer<typeof SETTINGS_SECTIONS.qrProviders>;
        const providers = Object.fromEntries(v.map((p) => [p.provider, { enabled: p.enabled }]));
        return mergeRules(QR_RULES_KEY, ZQrRules, { providers: { ...(await rules(QR_RULES_KEY, ZQrRules)).providers, ...providers } });
      }
      case 'games': {
        const v = value as z.infer<typeof SETTINGS_SECTIONS.games>;
        const known = new Set(await createGamesRepository(db).codes());
        if (v.some((g) => !known.has(g.code))) throw new AppError('NO_GAME');
        await db.transaction().execute(async (trx) => {
          const games = createGamesRepository(trx);
          for (const g of v) await games.setEnabled(g.code, g.enabled);
        });
        return;
      }
      case 'slipWindow': {
        const v = value as z.infer<typeof SETTINGS_SECTIONS.slipWindow>;
        return mergeRules(DEPOSIT_RULES_KEY, ZDepositRules, { slipClosedFrom: v.from, slipClosedTo: v.to });
      }
      case 'backOffice': {
        const v = value as z.infer<typeof SETTINGS_SECTIONS.backOffice>;
        return mergeRules(ADMIN_RULES_KEY, ZAdminRules, { idleTimeoutMs: v.idleMinutes * MINUTE, ipAllowList: v.ipAllowList });
      }
    }
  }

  return {
    read,

    async update(op: SessionOperator, section: SettingsSection, body: unknown, ip: string | null): Promise<TSettings> {
      const parsed = SETTINGS_SECTIONS[section].safeParse(body);
      if (!parsed.success) throw new AppError('KEY_INVALID');
      const before = (await read())[section];
      await write(section, parsed.data);
      const after = await read();
      await audit(db, { operatorId: op.operatorId, action: `settings.${section}`, before, after: after[section], ip, at: clock.now() });
      return after;
    },

    async content(): Promise<TContent> {
      const [conditions, agreements, notice, contact, info, howto] = await Promise.all([
        lookups.get('conditions'),
        lookups.get('agreements'),
        lookups.get('notice'),
        lookups.get('contact'),
        lookups.get('info'),
        lookups.get('howto'),
      ]);
      return { conditions, agreements, notice, contact, info, howto };
    },

    async updateContent(op: SessionOperator, name: ContentName, body: unknown, ip: string | null): Promise<unknown> {
      const parsed = CONTENT_SCHEMAS[name].safeParse(body);
      if (!parsed.success) throw new AppError('KEY_INVALID');
      const before = await lookups.get(name);
      await lookups.set(name, parsed.data);
      await audit(db, { operatorId: op.operatorId, action: `content.${name}`, before, after: parsed.data, ip, at: clock.now() });
      return lookups.get(name);
    },

    /** The LINE QR image, stored inline as a data URL in contact.lineQR. */
    async setContactQr(op: SessionOperator, dataUrl: string, ip: string | null): Promise<string> {
      const contact = await lookups.get('contact');
      await lookups.set('contact', { ...contact, lineQR: dataUrl });
      await audit(db, { operatorId: op.operatorId, action: 'content.contact-qr', after: { bytes: dataUrl.length }, ip, at: clock.now() });
      return dataUrl;
    },
  };
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;
