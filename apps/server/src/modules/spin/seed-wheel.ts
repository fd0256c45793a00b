import type { Kysely } from 'kysely';
import type { TSpinWheelConfig } from '@jetton/contract/spin';
import type { DB } from '../../db/schema.ts';
import { createWheelRepository } from './wheel-repository.ts';
import { storedSlices } from './wheel-service.ts';

/**
 * The wheel a first start shows (an operator replaces it in the back office): small credits, coins, and near misses.
 * Its name and labels are a brand, amounts and signs, not words: the wheel is the same in every language.
 */
export const DEMO_WHEEL: TSpinWheelConfig = {
  name: 'JETTON',
  active: true,
  slices: [
    {
      code: 'CREDIT10',
      label: '฿10',
      bgColor: '#b91c1c',
      textColor: '#ffffff',
      htmlDescription: '',
      weight: 20,
      prize: { type: 'credit', amount: 10 },
    },
    {
      code: 'COIN1',
      label: '+1',
      bgColor: '#facc15',
      textColor: '#1f2937',
      htmlDescription: '',
      weight: 20,
      prize: { type: 'coin', coins: 1 },
    },
    {
      code: 'CREDIT20',
      label: '฿20',
      bgColor: '#1d4ed8',
      textColor: '#ffffff',
      htmlDescription: '',
      weight: 12,
      prize: { type: 'credit', amount: 20 },
    },
    {
      code: 'NONE1',
      label: '—',
      bgColor: '#374151',
      textColor: '#ffffff',
      htmlDescription: '',
      weight: 25,
      prize: { type: 'nothing' },
    },
    {
      code: 'CREDIT50',
      label: '฿50',
      bgColor: '#15803d',
      textColor: '#ffffff',
      htmlDescription: '',
      weight: 6,
      prize: { type: 'credit', amount: 50 },
    },
    {
      code: 'COIN2',
      label: '+2',
      bgColor: '#f97316',
      textColor: '#1f2937',
      htmlDescription: '',
      weight: 8,
      prize: { type: 'coin', coins: 2 },
    },
    {
      code: 'CREDIT100',
      label: '฿100',
      bgColor: '#7e22ce',
      textColor: '#ffffff',
      htmlDescription: '',
      weight: 3,
      prize: { type: 'credit', amount: 100 },
    },
    {
      code: 'NONE2',
      label: '—',
      bgColor: '#0f766e',
      textColor: '#ffffff',
      htmlDescription: '',
      weight: 6,
      prize: { type: 'nothing' },
    },
  ],
};

/** Saves the demo wheel as version 1 when there is no wheel yet (idempotent). */
export async function seedSpinWheel(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  await createWheelRepository(db).insertIfAbsent({
    version: 1,
    name: DEMO_WHEEL.name,
    active: DEMO_WHEEL.active,
    slices: storedSlices(DEMO_WHEEL),
    createdAt: now,
  });
}
