import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { StoredBanner } from '../../db/tables/rewards.ts';

export type BannerPlacement = 'invite' | 'refund';

/** The invite and refund pages' banners as operators write them; Kysely stays here. */
export function createBannerRepository(db: Kysely<DB>) {
  return {
    async exists(placement: BannerPlacement): Promise<boolean> {
      const row = await db.selectFrom('reward_banners').select('id').where('placement', '=', placement).executeTakeFirst();
      return row !== undefined;
    },

    async insert(id: string, placement: BannerPlacement, banner: StoredBanner, sort: number): Promise<void> {
      await db
        .insertInto('reward_banners')
        .values({ id, placement, image: banner.image, html: JSON.stringify(banner.html), sort, active: true })
        .execute();
    },

    async removeAll(placement: BannerPlacement): Promise<void> {
      await db.deleteFrom('reward_banners').where('placement', '=', placement).execute();
    },
  };
}
