import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { SETTINGS_CACHE_TTL_MS } from './cached-rules.ts';
import type { SettingsRepository } from './settings-repository.ts';
import { LOOKUP_SETTINGS, type LookupName, type LookupValue } from './settings-keys.ts';

type CacheEntry = { body: Buffer; value: unknown; expiresAt: number };

/**
 * Lookups are read on every page load, so each is kept in memory for a few
 * seconds, already serialized and UTF-8 encoded (Thai and Lao text made encoding
 * the largest cost per request): an operator's change shows within SETTINGS_CACHE_TTL_MS
 * on every node, and the hot path does no database, JSON or encoding work.
 */
export function createLookupService(deps: { settings: SettingsRepository; clock: Clock; log: FastifyBaseLogger }) {
  const cache = new Map<LookupName, CacheEntry>();

  async function load(name: LookupName): Promise<CacheEntry> {
    const now = deps.clock.now().getTime();
    const cached = cache.get(name);
    if (cached && cached.expiresAt > now) return cached;
    const { key, schema } = LOOKUP_SETTINGS[name];
    const parsed = schema.safeParse(await deps.settings.get(key));
    if (!parsed.success) {
      deps.log.error({ key, issues: parsed.error.issues }, 'setting missing or malformed');
      throw new AppError('NO_DATA');
    }
    const entry = { body: Buffer.from(JSON.stringify(parsed.data), 'utf8'), value: parsed.data, expiresAt: now + SETTINGS_CACHE_TTL_MS };
    cache.set(name, entry);
    return entry;
  }

  return {
    /** The lookup as UTF-8 JSON bytes, ready to send. */
    async body(name: LookupName): Promise<Buffer> {
      return (await load(name)).body;
    },
    async get<N extends LookupName>(name: N): Promise<LookupValue<N>> {
      return (await load(name)).value as LookupValue<N>;
    },
    /** Stores a new value after checking it against the lookup's schema (KEY_INVALID otherwise). */
    async set(name: LookupName, value: unknown): Promise<void> {
      const { key, schema } = LOOKUP_SETTINGS[name];
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new AppError('KEY_INVALID');
      await deps.settings.set(key, parsed.data);
      cache.delete(name);
    },
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
