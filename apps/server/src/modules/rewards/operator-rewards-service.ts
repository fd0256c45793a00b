import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { StoredBanner } from '../../db/tables/rewards.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { endBonus, lockMember } from './bonus-lifecycle.ts';
import { sanitizeBannerHtml, sanitizeBannerImage } from './banner-sanitizer.ts';
import { createDefinitionRepository, type DefinitionInput } from './definition-repository.ts';

/** Banners as stored: image and HTML through the allow-list (docs/rewards.md, "Banners"); a banner without a usable image is dropped. */
export function cleanBanners(banners: StoredBanner[]): StoredBanner[] {
  return banners.map((b) => ({ image: sanitizeBannerImage(b.image), html: sanitizeBannerHtml(b.html) })).filter((b) => b.image !== '');
}

/**
 * What the back office calls (docs/rewards.md, "Operator side"): define and
 * edit bonuses and promotions, banners, a member's bonus history, and ending a
 * member's bonus with a reason. Editing a definition never touches bonuses
 * already granted: their terms were copied at activation. The caller checks
 * the operator's permission and writes the audit line.
 */
export function createOperatorRewardsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  const definitions = createDefinitionRepository(db);
  const clean = (input: DefinitionInput): DefinitionInput => ({
    ...input,
    code: input.code.toUpperCase(),
    banners: cleanBanners(input.banners),
  });

  return {
    listDefinitions: () => definitions.listAll(),
    createDefinition: (input: DefinitionInput) => definitions.insert(uuidV7(clock.now()), clean(input), clock.now()),
    async updateDefinition(id: string, input: DefinitionInput) {
      const row = await definitions.update(id, clean(input), clock.now());
      if (!row) throw new AppError('NO_DATA');
      return row;
    },

    async replaceBanners(placement: 'invite' | 'refund', banners: StoredBanner[]): Promise<void> {
      const rows = cleanBanners(banners);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('reward_banners').where('placement', '=', placement).execute();
        for (const [sort, b] of rows.entries()) {
          await trx
            .insertInto('reward_banners')
            .values({ id: uuidV7(clock.now()), placement, image: b.image, html: b.html, sort, active: true })
            .execute();
        }
      });
    },

    memberBonuses: (memberId: string) =>
      db.selectFrom('member_bonuses').selectAll().where('member_id', '=', memberId).orderBy('activated_at', 'desc').limit(200).execute(),

    /** Ends a member's active bonus as an operator ('ended', with the reason); keepPercent defaults to the bonus's percentFail. */
    async endMemberBonus(bonusId: string, reason: string, keepPercent?: number) {
      return withMoneyTransaction(db, async (trx) => {
        const found = await trx.selectFrom('member_bonuses').select('member_id').where('id', '=', bonusId).executeTakeFirst();
        if (!found) throw new AppError('NO_DATA');
        await lockMember(trx, found.member_id);
        const bonus = await trx.selectFrom('member_bonuses').selectAll().where('id', '=', bonusId).executeTakeFirstOrThrow();
        if (bonus.status !== 'active') throw new AppError('NO_DATA');
        const done = await endBonus(trx, bonus, {
          status: 'ended',
          reason: `operator: ${reason}`,
          keepPercent: keepPercent ?? bonus.percent_fail,
          now: clock.now(),
        });
        if (!done) throw new AppError('NO_DATA');
        return done;
      });
    },
  };
}

export type OperatorRewardsService = ReturnType<typeof createOperatorRewardsService>;
