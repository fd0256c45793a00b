import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { SettingsRepository } from './settings-repository.ts';

/**
 * How long a node serves a setting from memory before reading the table again:
 * an operator's change reaches every node within this, and hot paths do no
 * database work for it. Lookups and rule sets share it.
 */
export const SETTINGS_CACHE_TTL_MS = 5_000;

export type RulesDeps = {
  settings: SettingsRepository;
  clock: Clock;
  /** Told when the stored override does not parse; the defaults are used meanwhile. */
  onInvalid: (issues: unknown) => void;
};

/** A module's operator-tunable numbers, read through a short per-node cache. */
export type RulesSource<R> = {
  get(): Promise<R>;
  /** The rules, or the defaults when the settings cannot be read: for timers that must keep ticking while the database is away. */
  getOrDefaults(): Promise<R>;
};

/**
 * The one way a module reads the numbers an operator may change (limits,
 * timeouts, intervals, batch sizes): a zod object whose every field has a
 * default, stored as a partial JSON object under a `rules.<module>` settings
 * key (no row means all defaults). A malformed override is reported and the
 * defaults apply; it never stops the module. `derive` fixes rules that depend
 * on each other (e.g. a retry kept above twice a timeout). See
 * docs/http.md, "Operator settings".
 */
export function createCachedRules<R extends object>(
  setting: { key: string; schema: z.ZodType<R>; derive?: (rules: R) => R },
  deps: RulesDeps,
): RulesSource<R> {
  const derive = setting.derive ?? ((rules: R) => rules);
  const defaults = derive(setting.schema.parse({}));
  let cached: { rules: R; expiresAt: number } | undefined;
  async function get(): Promise<R> {
    const now = deps.clock.now().getTime();
    if (cached && cached.expiresAt > now) return cached.rules;
    const parsed = setting.schema.safeParse((await deps.settings.get(setting.key)) ?? {});
    if (!parsed.success) deps.onInvalid(parsed.error.issues);
    cached = { rules: parsed.success ? derive(parsed.data) : defaults, expiresAt: now + SETTINGS_CACHE_TTL_MS };
    return cached.rules;
  }
  return { get, getOrDefaults: () => get().catch(() => defaults) };
}

/** The stored override of a rule set: its JSON object, or none when the row is missing or not an object. */
export async function readRulesOverride(settings: SettingsRepository, key: string): Promise<Record<string, unknown>> {
  const value = await settings.get(key);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Writes some fields of a rule set's override and keeps the others, as an operator's
 * form does; refused (KEY_INVALID) when the whole would not parse.
 */
export async function mergeRulesOverride(
  settings: SettingsRepository,
  key: string,
  schema: z.ZodType,
  patch: Record<string, unknown>,
): Promise<void> {
  const next = { ...(await readRulesOverride(settings, key)), ...patch };
  if (!schema.safeParse(next).success) throw new AppError('KEY_INVALID');
  await settings.set(key, next);
}
