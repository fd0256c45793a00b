import type { Kysely } from 'kysely';
import { decimalToMinor, fromMinor, minorToDecimal, toMinor } from '@jetton/contract/money';
import type { TSpinWheelConfig } from '@jetton/contract/spin';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { StoredSlice } from '../../db/tables/spin.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { SpinBonusPort } from './bonus-port.ts';
import { chiSquare, type ChiSquare } from './chi-square.ts';
import { sanitizeDescription } from './html-description.ts';
import { createWheelRepository } from './wheel-repository.ts';

export type WheelVersion = { version: number; name: string; active: boolean; slices: StoredSlice[]; createdAt: Date };

/** The draw report of one wheel version: per slice, its weight, expected share and observed count, and the chi-square test. */
export type DrawReport = ChiSquare & {
  version: number;
  slices: { code: string; label: string; weight: number; expectedShare: number; observed: number }[];
};

type Deps = { db: Kysely<DB>; clock: Clock; bonuses: SpinBonusPort };

/** A prize as stored: a credit amount as exact decimal text, never a float. */
export function storedSlices(config: TSpinWheelConfig): StoredSlice[] {
  return config.slices.map((s) => ({
    code: s.code,
    label: s.label,
    bgColor: s.bgColor,
    textColor: s.textColor,
    htmlDescription: sanitizeDescription(s.htmlDescription),
    weight: s.weight,
    prize:
      s.prize.type === 'credit' || s.prize.type === 'bonus' ? { ...s.prize, amount: minorToDecimal(toMinor(s.prize.amount)) } : s.prize,
  }));
}

/** A stored version as the configuration an operator edits (the inverse of storedSlices). */
export function configOf(wheel: WheelVersion): TSpinWheelConfig {
  return {
    name: wheel.name,
    active: wheel.active,
    slices: wheel.slices.map((s) => ({
      ...s,
      prize:
        s.prize.type === 'credit' || s.prize.type === 'bonus' ? { ...s.prize, amount: fromMinor(decimalToMinor(s.prize.amount)) } : s.prize,
    })),
  };
}

/**
 * The wheel's configuration (docs/spin.md, "Configuration"): slices, colours,
 * prizes and weights, on or off. Every change saves a new version; the newest
 * is the wheel, and each spin records the version it was drawn on. The back
 * office's screen calls this service; nothing here knows HTTP.
 */
export function createWheelService(deps: Deps) {
  const { db, clock } = deps;
  const wheels = createWheelRepository(db);

  const read = (row: { version: number; name: string; active: boolean; slices: StoredSlice[]; created_at: Date }): WheelVersion => ({
    version: row.version,
    name: row.name,
    active: row.active,
    slices: row.slices,
    createdAt: row.created_at,
  });

  async function current(executor: Kysely<DB> = db): Promise<WheelVersion | null> {
    const row = await createWheelRepository(executor).latest();
    return row ? read(row) : null;
  }

  async function version(v: number): Promise<WheelVersion | null> {
    const row = await wheels.version(v);
    return row ? read(row) : null;
  }

  async function insertVersion(name: string, active: boolean, slices: StoredSlice[]): Promise<WheelVersion> {
    // Two saves at once: the second takes the next number (the primary key decides).
    for (let attempt = 0; ; attempt += 1) {
      const latest = await current();
      const next = (latest?.version ?? 0) + 1;
      try {
        const row = await wheels.insert({ version: next, name, active, slices, createdAt: clock.now() });
        return read(row);
      } catch (error) {
        if (!uniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  function validate(config: TSpinWheelConfig): void {
    const codes = new Set(config.slices.map((s) => s.code));
    if (codes.size !== config.slices.length) throw new AppError('INVALID_PRIZE_CODE');
    if (config.slices.reduce((sum, s) => sum + s.weight, 0) <= 0) throw new AppError('KEY_INVALID');
    // A bonus prize needs the bonus module (docs/spin.md, "Coupons").
    if (!deps.bonuses.available && config.slices.some((s) => s.prize.type === 'bonus')) throw new AppError('INVALID_PRIZE_CODE');
  }

  return {
    current,
    version,

    /** Saves a new version of the wheel (validated: unique slice codes, a positive total weight, bonus prizes only with bonuses wired). */
    async save(config: TSpinWheelConfig): Promise<WheelVersion> {
      validate(config);
      return insertVersion(config.name, config.active, storedSlices(config));
    },

    /** Turns the wheel on or off: a new version with the same slices. */
    async setActive(active: boolean): Promise<WheelVersion> {
      const latest = await current();
      if (!latest) throw new AppError('NO_DATA');
      if (latest.active === active) return latest;
      return insertVersion(latest.name, active, latest.slices);
    },

    /** Observed slice frequencies of a version's spins against its weights (chi-square). */
    async report(v: number): Promise<DrawReport> {
      const wheel = await version(v);
      if (!wheel) throw new AppError('NO_DATA');
      const rows = await wheels.drawsPerSlice(v);
      const observed = wheel.slices.map((_, i) => Number(rows.find((r) => r.slice_index === i)?.n ?? 0));
      const weights = wheel.slices.map((s) => s.weight);
      const total = weights.reduce((a, b) => a + b, 0);
      return {
        version: v,
        ...chiSquare(observed, weights),
        slices: wheel.slices.map((s, i) => ({
          code: s.code,
          label: s.label,
          weight: s.weight,
          expectedShare: s.weight / total,
          observed: observed[i] ?? 0,
        })),
      };
    },
  };
}

export type WheelService = ReturnType<typeof createWheelService>;
