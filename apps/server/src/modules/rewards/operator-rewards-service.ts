import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { StoredBanner } from '../../db/tables/rewards.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { AppError } from '../../http/app-error.ts';
import { withMoneyTransaction } from '../../ledger/money-transaction.ts';
import { endBonus, lockMember } from './bonus-lifecycle.ts';
import { sanitizeBannerHtml, sanitizeBannerImage } from './banner-sanitizer.ts';
import { createBannerRepository } from './banner-repository.ts';
import { createDefinitionRepository, type DefinitionInput } from './definition-repository.ts';
import { createMemberBonusRepository } from './member-bonus-repository.ts';

/** Banners as stored: image and HTML through the allow-list (docs/rewards.md, "Banners"); a banner without a usable image is dropped. */
export function cleanBanners(banners: StoredBanner[]): StoredBanner[] {
  return banners
    .map((b) => ({
      image: sanitizeBannerImage(b.image),
      html: { th: sanitizeBannerHtml(b.html.th), la: sanitizeBannerHtml(b.html.la), en: sanitizeBannerHtml(b.html.en) },
    }))
    .filter((b) => b.image !== '');
}

/** Who acts, for the audit trail. */
export type RewardsActor = { operatorId: string; ip: string | null };

/** Writes one audit row in the transaction that makes the change (the admin module's audit log). */
export type RewardsAudit = (
  trx: Kysely<DB>,
  record: { operatorId: string; ip: string | null; action: string; memberId?: string | null; before?: unknown; after?: unknown; at: Date },
) => Promise<void>;

const noAudit: RewardsAudit = () => Promise.resolve();

/**
 * What the back office calls (docs/rewards.md, "Operator side"): define and
 * edit bonuses and promotions, banners, a member's bonus history, and ending a
 * member's bonus with a reason. Editing a definition never touches bonuses
 * already granted: their terms were copied at activation. The admin routes
 * check the operator's permission; every change is audited with the change.
 */
export function createOperatorRewardsService(deps: { db: Kysely<DB>; clock: Clock; audit?: RewardsAudit }) {
  const { db, clock } = deps;
  const audit = deps.audit ?? noAudit;
  const clean = (input: DefinitionInput): DefinitionInput => ({
    ...input,
    code: input.code.toUpperCase(),
    banners: cleanBanners(input.banners),
  });
  const system: RewardsActor = { operatorId: 'system', ip: null };
  const log = (trx: Kysely<DB>, actor: RewardsActor, action: string, fields: { memberId?: string; before?: unknown; after?: unknown }) =>
    actor === system ? Promise.resolve() : audit(trx, { operatorId: actor.operatorId, ip: actor.ip, action, at: clock.now(), ...fields });

  return {
    listDefinitions: () => createDefinitionRepository(db).listAll(),

    createDefinition: (input: DefinitionInput, actor: RewardsActor = system) =>
      db.transaction().execute(async (trx) => {
        const row = await createDefinitionRepository(trx).insert(uuidV7(clock.now()), clean(input), clock.now());
        await log(trx, actor, 'rewards.definition.create', { after: { id: row.id, code: row.code } });
        return row;
      }),

    updateDefinition: (id: string, input: DefinitionInput, actor: RewardsActor = system) =>
      db.transaction().execute(async (trx) => {
        const repo = createDefinitionRepository(trx);
        const before = await repo.byId(id);
        const row = await repo.update(id, clean(input), clock.now());
        if (!before || !row) throw new AppError('NO_DATA');
        await log(trx, actor, 'rewards.definition.update', {
          before: { code: before.code, active: before.active },
          after: { code: row.code, active: row.active },
        });
        return row;
      }),

    replaceBanners: (placement: 'invite' | 'refund', banners: StoredBanner[], actor: RewardsActor = system) =>
      db.transaction().execute(async (trx) => {
        const rows = cleanBanners(banners);
        const repo = createBannerRepository(trx);
        await repo.removeAll(placement);
        for (const [sort, b] of rows.entries()) await repo.insert(uuidV7(clock.now()), placement, b, sort);
        await log(trx, actor, 'rewards.banners.replace', { after: { placement, count: rows.length } });
        return rows;
      }),

    memberBonuses: (memberId: string) => createMemberBonusRepository(db).listOfMember(memberId),

    /** Ends a member's active bonus as an operator ('ended', with the reason); keepPercent defaults to the bonus's percentFail. */
    async endMemberBonus(bonusId: string, reason: string, keepPercent?: number, actor: RewardsActor = system) {
      return withMoneyTransaction(db, async (trx) => {
        const repo = createMemberBonusRepository(trx);
        const found = await repo.ownerOf(bonusId);
        if (!found) throw new AppError('NO_DATA');
        await lockMember(trx, found.member_id);
        const bonus = await repo.byIdOrThrow(bonusId);
        if (bonus.status !== 'active') throw new AppError('NO_DATA');
        const keep = keepPercent ?? bonus.percent_fail;
        const done = await endBonus(trx, bonus, { status: 'ended', reason: `operator: ${reason}`, keepPercent: keep, now: clock.now() });
        if (!done) throw new AppError('NO_DATA');
        await log(trx, actor, 'rewards.bonus.end', {
          memberId: bonus.member_id,
          before: { status: 'active', code: bonus.code },
          after: { status: 'ended', reason, keepPercent: keep, takenBack: done.takenBack.toString() },
        });
        return done.bonus;
      });
    },
  };
}

export type OperatorRewardsService = ReturnType<typeof createOperatorRewardsService>;
