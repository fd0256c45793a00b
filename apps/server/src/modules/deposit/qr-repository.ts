import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { QrCodesTable, QrStatus } from '../../db/tables/deposit.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';

export type QrCode = Selectable<QrCodesTable>;

/** Kysely stays here (docs/engineering.md, "House rules"): the qr_codes table. */
export function createQrRepository(db: Kysely<DB>) {
  return {
    /** Closes the member's QRs for this provider that ran out, so the unique "one open" index frees up. */
    async expireStale(memberId: string, provider: string, now: Date): Promise<void> {
      await db
        .updateTable('qr_codes')
        .set({ status: 'expired', closed_at: now })
        .where('member_id', '=', memberId)
        .where('provider', '=', provider)
        .where('status', '=', 'open')
        .where('expires_at', '<=', now)
        .execute();
    },

    findOpen(memberId: string, provider: string, now: Date): Promise<QrCode | undefined> {
      return db
        .selectFrom('qr_codes')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('provider', '=', provider)
        .where('status', '=', 'open')
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Inserts an open QR; false when the member already has one open with this provider (concurrent create). */
    async insertOpen(qr: Omit<QrCode, 'status' | 'closed_at' | 'provider_ref'>): Promise<boolean> {
      try {
        await db
          .insertInto('qr_codes')
          .values({ ...qr, status: 'open', closed_at: null, provider_ref: null })
          .execute();
        return true;
      } catch (error) {
        if (uniqueViolation(error) === 'qr_codes_one_open_idx') return false;
        throw error;
      }
    },

    async setPayload(id: string, payload: string): Promise<void> {
      await db.updateTable('qr_codes').set({ payload }).where('id', '=', id).where('status', '=', 'open').execute();
    },

    /** Closes an open QR (cancelled, failed at the gateway); false when it was not open. */
    async close(id: string, status: Exclude<QrStatus, 'open' | 'paid'>, now: Date, memberId?: string): Promise<boolean> {
      const result = await db
        .updateTable('qr_codes')
        .set({ status, closed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .$if(memberId !== undefined, (q) => q.where('member_id', '=', memberId ?? ''))
        .executeTakeFirst();
      return (result.numUpdatedRows ?? 0n) > 0n;
    },

    find(id: string, provider: string): Promise<QrCode | undefined> {
      return db.selectFrom('qr_codes').selectAll().where('id', '=', id).where('provider', '=', provider).executeTakeFirst();
    },

    /** Open QRs of these providers due for expiry, for the job to ask their gateway about first. */
    openDue(
      expiredBy: Date,
      providers: readonly string[],
      limit: number,
      skip: readonly string[],
    ): Promise<Pick<QrCode, 'id' | 'provider'>[]> {
      if (providers.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('qr_codes')
        .select(['id', 'provider'])
        .where('status', '=', 'open')
        .where('provider', 'in', providers)
        .where('expires_at', '<=', expiredBy)
        .$if(skip.length > 0, (q) => q.where('id', 'not in', skip))
        .orderBy('expires_at')
        .limit(limit)
        .execute();
    },

    findOwned(memberId: string, id: string): Promise<QrCode | undefined> {
      return db.selectFrom('qr_codes').selectAll().where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
    },

    /** The QR row locked for the callback's transaction: a concurrent cancel or callback waits. */
    lockForPayment(id: string, provider: string): Promise<QrCode | undefined> {
      return db.selectFrom('qr_codes').selectAll().where('id', '=', id).where('provider', '=', provider).forUpdate().executeTakeFirst();
    },

    /** providerRef: the gateway's payment reference from its callback (the member's bank app shows it). */
    async markPaid(id: string, now: Date, providerRef: string): Promise<void> {
      await db.updateTable('qr_codes').set({ status: 'paid', closed_at: now, provider_ref: providerRef }).where('id', '=', id).execute();
    },

    /**
     * Marks at most `limit` open QRs that expired at or before `expiredBy` as
     * expired and returns them (not those of `askedProviders`: the job asks their gateway first). Rows locked elsewhere (a callback's payment
     * transaction, a cancel) are skipped, left for the next batch or pass.
     */
    async expireDue(
      expiredBy: Date,
      now: Date,
      limit: number,
      askedProviders: readonly string[] = [],
    ): Promise<Pick<QrCode, 'id' | 'provider'>[]> {
      return db
        .updateTable('qr_codes')
        .set({ status: 'expired', closed_at: now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('qr_codes')
            .select('id')
            .where('status', '=', 'open')
            .where('expires_at', '<=', expiredBy)
            .$if(askedProviders.length > 0, (q) => q.where('provider', 'not in', askedProviders))
            .orderBy('expires_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .where('status', '=', 'open')
        .returning(['id', 'provider'])
        .execute();
    },
  };
}

export type QrRepository = ReturnType<typeof createQrRepository>;
