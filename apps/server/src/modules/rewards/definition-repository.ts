import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BonusDefinitionsTable, BonusWindowType, CategoryWeights, Localized, StoredBanner } from '../../db/tables/rewards.ts';

export type BonusDefinition = Selectable<BonusDefinitionsTable>;

/** What an operator writes (docs/rewards.md, "Definitions"); banners are sanitized by the caller. */
export type DefinitionInput = {
  origin: 'bonus' | 'promotion';
  code: string;
  names: Localized;
  notices: Localized;
  type: BonusWindowType;
  maxReceived: number;
  percent: number;
  maxBonus: bigint;
  minDeposit: bigint;
  turnover: number;
  percentFail: number;
  categoryWeights: CategoryWeights;
  banners: StoredBanner[];
  active: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  expiryDays: number | null;
  maxUses: number | null;
};

const columns = (input: DefinitionInput) => ({
  origin: input.origin,
  code: input.code,
  names: JSON.stringify(input.names),
  notices: JSON.stringify(input.notices),
  type: input.type,
  max_received: input.maxReceived,
  percent: input.percent,
  max_bonus: input.maxBonus,
  min_deposit: input.minDeposit,
  turnover: input.turnover,
  percent_fail: input.percentFail,
  category_weights: JSON.stringify(input.categoryWeights),
  banners: JSON.stringify(input.banners),
  active: input.active,
  valid_from: input.validFrom,
  valid_to: input.validTo,
  expiry_days: input.expiryDays,
  max_uses: input.maxUses,
});

/** Bonus and promotion definitions; Kysely stays here. */
export function createDefinitionRepository(db: Kysely<DB>) {
  return {
    listActive(origin: 'bonus' | 'promotion', now: Date): Promise<BonusDefinition[]> {
      return db
        .selectFrom('bonus_definitions')
        .selectAll()
        .where('origin', '=', origin)
        .where('active', '=', true)
        .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
        .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
        .orderBy('created_at')
        .execute();
    },

    byCode(code: string): Promise<BonusDefinition | undefined> {
      return db.selectFrom('bonus_definitions').selectAll().where('code', '=', code).executeTakeFirst();
    },

    byId(id: string): Promise<BonusDefinition | undefined> {
      return db.selectFrom('bonus_definitions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listAll(): Promise<BonusDefinition[]> {
      return db.selectFrom('bonus_definitions').selectAll().orderBy('origin').orderBy('created_at').execute();
    },

    async insert(id: string, input: DefinitionInput, now: Date): Promise<BonusDefinition> {
      return db
        .insertInto('bonus_definitions')
        .values({ id, ...columns(input), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** First start: a definition whose code is not taken yet (idempotent by code). */
    async insertIfAbsent(id: string, input: DefinitionInput, now: Date): Promise<void> {
      await db
        .insertInto('bonus_definitions')
        .values({ id, ...columns(input), created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    },

    async update(id: string, input: DefinitionInput, now: Date): Promise<BonusDefinition | undefined> {
      return db
        .updateTable('bonus_definitions')
        .set({ ...columns(input), updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Takes one use of a capped promotion: false when the cap is reached (atomic, no read-then-write). */
    async takeUse(id: string): Promise<boolean> {
      const row = await db
        .updateTable('bonus_definitions')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .returning('uses')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The member's receipts of a definition since a window start. */
    receipts(memberId: string, definitionId: string, since: Date) {
      return db
        .selectFrom('member_bonuses')
        .select(['id', 'status', 'activated_at'])
        .where('member_id', '=', memberId)
        .where('definition_id', '=', definitionId)
        .where('activated_at', '>=', since)
        .orderBy('activated_at')
        .execute();
    },
  };
}

export type DefinitionRepository = ReturnType<typeof createDefinitionRepository>;
