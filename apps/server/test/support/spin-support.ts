import { createHash, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { ROUTES } from '@jetton/contract/routes';
import type { TSpinPrize, TSpinWheelConfig } from '@jetton/contract/spin';
import type { CouponBonus, SpinBonusPort } from '../../src/modules/spin/bonus-port.ts';
import type { SeedSource } from '../../src/modules/spin/fair-draw.ts';
import { call } from './accounts-support.ts';
import type { TestApp } from './test-app.ts';

/** Helpers for the spin wheel tests: a seeded seed source, a stand-in bonus module, the member calls. */

/** Reproducible seeds: SHA-256 of a label and a counter (a test's stand-in for the CSPRNG). */
export function seededSeeds(label: string): SeedSource {
  let n = 0;
  const next = (kind: string) => createHash('sha256').update(`${label}:${kind}:${++n}`).digest('hex');
  return { serverSeed: () => next('server'), clientSeed: () => next('client').slice(0, 16) };
}

/** A stand-in for the bonus module: members in `unmet` have turnover left; starts are recorded; `available` can be turned off. */
export function fakeBonuses() {
  const state = { unmet: new Set<string>(), started: [] as CouponBonus[], available: true };
  const port: SpinBonusPort = {
    get available() {
      return state.available;
    },
    hasUnmetTurnover: (_trx, memberId) => Promise.resolve(state.unmet.has(memberId)),
    startCouponBonus: (_trx, input) => {
      state.started.push(input);
      return Promise.resolve();
    },
  };
  return { state, port };
}

const slice = (code: string, weight: number, prize: TSpinPrize) => ({
  code,
  label: code,
  bgColor: '#112233',
  textColor: '#ffffff',
  htmlDescription: `<b>${code}</b>`,
  weight,
  prize,
});

/** A wheel where only `winner` can be drawn (every other slice weighs 0). */
export function wheelOf(winner: TSpinPrize, options: { active?: boolean } = {}): TSpinWheelConfig {
  return {
    name: 'Test wheel',
    active: options.active ?? true,
    slices: [slice('NONE', 0, { type: 'nothing' }), slice('WIN', 1, winner), slice('COIN', 0, { type: 'coin', coins: 1 })],
  };
}

/** A wheel with several weights, for draw checks. */
export const MIXED_WHEEL: TSpinWheelConfig = {
  name: 'Mixed',
  active: true,
  slices: [
    slice('A', 50, { type: 'nothing' }),
    slice('B', 30, { type: 'coin', coins: 1 }),
    slice('Z', 0, { type: 'nothing' }),
    slice('C', 15, { type: 'credit', amount: 1 }),
    slice('D', 5, { type: 'credit', amount: 5 }),
  ],
};

export async function setCoins(t: TestApp, memberId: string, coins: number): Promise<void> {
  await t.database.db.updateTable('members').set({ coin: coins }).where('id', '=', memberId).execute();
}

export async function coinsOf(t: TestApp, memberId: string): Promise<number> {
  return (await t.database.db.selectFrom('members').select('coin').where('id', '=', memberId).executeTakeFirstOrThrow()).coin;
}

export function spin(t: TestApp, token: string, key: string | null = randomUUID()): Promise<LightMyRequestResponse> {
  return call(t, 'POST', ROUTES.spinwheel.spin, undefined, { token, headers: key === null ? {} : { 'idempotency-key': key } });
}

export function claim(t: TestApp, token: string, coupon: unknown, key: string = randomUUID()): Promise<LightMyRequestResponse> {
  return call(t, 'POST', ROUTES.spinwheel.claim, { coupon }, { token, headers: { 'idempotency-key': key } });
}

export async function countDraws(t: TestApp, memberId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('spin_draws')
    .select(sql<string>`count(*)`.as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
