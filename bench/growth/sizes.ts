import type { ActivityProfile } from './activity.ts';

/**
 * The three sizes of one site the growth bench compares (members, and one
 * heavy player whose statement grows with them): about 11k, 134k and 822k postings.
 */
export const GROWTH_SIZES = ['s0', 's1', 's2'] as const;
export type GrowthSize = (typeof GROWTH_SIZES)[number];

const common = {
  deposits: [1, 2] as [number, number],
  transferPairs: [0, 2] as [number, number],
  withdrawalChance: 0.3,
  days: 30,
  // Midnight today (UTC): the same history whenever a run builds it today.
  until: new Date(new Date().toISOString().slice(0, 10)),
};

export function growthProfile(size: GrowthSize): ActivityProfile {
  switch (size) {
    case 's0':
      return { name: size, members: 1_000, heavy: [{ transferPairs: 150 }], seed: 1, ...common };
    case 's1':
      return { name: size, members: 10_000, heavy: [{ transferPairs: 5_200 }], seed: 2, ...common };
    case 's2':
      return { name: size, members: 50_000, heavy: [{ transferPairs: 52_500 }], seed: 3, ...common };
  }
}
