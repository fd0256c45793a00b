import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import { seedGames } from './modules/games/seed-games.ts';
import { seedRewards } from './modules/rewards/seed-rewards.ts';
import { demoLookupContent } from './sandbox/demo-content.ts';
import { createSettingsRepository } from './modules/lookup/settings-repository.ts';
import { LOOKUP_SETTINGS, type LookupName } from './modules/lookup/settings-keys.ts';
import { seedSpinWheel } from './modules/spin/seed-wheel.ts';

/**
 * First-start content: settings that do not exist yet get their demo value (the sample content
 * of the sandbox wing, which an operator replaces), the demo member (DEMO_MEMBER) with the
 * sandbox on, the game catalogue, the first prize wheel.
 */
export async function seedDatabase(db: Kysely<DB>, options: { demoMember: boolean }): Promise<void> {
  const content = await demoLookupContent();
  const entries = Object.fromEntries(
    (Object.keys(LOOKUP_SETTINGS) as LookupName[]).map((name) => [LOOKUP_SETTINGS[name].key, content[name]]),
  );
  await createSettingsRepository(db).seedMissing(entries);
  // A real deployment (SANDBOX=off) gets no member with a published password.
  if (options.demoMember) await (await import('./sandbox/demo-member.ts')).seedDemoMember(db);
  await seedGames(db);
  await seedRewards(db);
  await seedSpinWheel(db);
}
