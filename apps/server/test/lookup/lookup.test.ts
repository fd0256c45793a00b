import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBanksResponse, ZDepositLookup, ZSlipLookup, ZSourcesResponse } from '@jetton/contract/lookup';
import { ROUTES } from '@jetton/contract/routes';
import * as m0022 from '../../src/db/migrations/0022-lookup-local-names.ts';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import { LOOKUP_SETTINGS, type LookupName } from '../../src/modules/lookup/settings-keys.ts';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The server's own table of lookup -> contract schema: every lookup, each checked against its shape.
/** Thai script (U+0E00-U+0E7F) and Lao script (U+0E80-U+0EFF). */
const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

const LOOKUPS = (Object.keys(LOOKUP_SETTINGS) as LookupName[]).map((name) => [name, LOOKUP_SETTINGS[name].schema] as const);

describe.each(testEngines())('lookups on the %s database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it.each(LOOKUPS)('GET /api/lookup/%s answers the seeded content in its contract shape', async (name, schema) => {
    const res = await t.app.inject({ method: 'GET', url: ROUTES.lookup[name] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(schema.safeParse(res.json()).success).toBe(true);
  });

  it('lists Thai banks with code and Thai name, including the Latin-name banks', async () => {
    const banks = ZBanksResponse.parse((await t.app.inject({ url: ROUTES.lookup.banks })).json());
    expect(banks.map((b) => b.code)).toEqual(expect.arrayContaining(['KBANK', 'KTB', 'TMB', 'BBL', 'SCB']));
    expect(banks.find((b) => b.code === 'KBANK')?.nameTH).toBe('ธนาคารกสิกรไทย');
  });

  it('names every bank, deposit account and source in Thai, Lao and English, each in its own script', async () => {
    const banks = ZBanksResponse.parse((await t.app.inject({ url: ROUTES.lookup.banks })).json());
    const deposit = ZDepositLookup.parse((await t.app.inject({ url: ROUTES.lookup.deposit })).json());
    const sources = ZSourcesResponse.parse((await t.app.inject({ url: ROUTES.lookup.sources })).json());
    const named = [...banks, ...deposit.banks.map((account) => account.bank), ...sources];
    expect(named.length).toBeGreaterThan(20);
    for (const names of named) {
      expect(names.nameLA, names.nameEN).not.toMatch(THAI);
      expect(names.nameEN).not.toMatch(THAI);
      expect(names.nameEN).not.toMatch(LAO);
      expect(names.nameTH).not.toMatch(LAO);
    }
    const bcel = banks.find((b) => b.code === 'BCEL');
    expect(bcel?.nameLA).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ');
    expect(bcel?.nameEN).toMatch(/^BCEL/);
    expect(sources.find((s) => s.code === 'FRIEND')).toMatchObject({ nameTH: 'เพื่อนแนะนำ', nameLA: 'ໝູ່ແນະນຳ', nameEN: 'A friend told me' });
  });

  it('fills the names an older database lacks, keeping the ones an operator wrote (migration 0022)', async () => {
    const settings = createSettingsRepository(t.database.db);
    const [banks, deposit, sources]: unknown[] = await Promise.all(
      ['lookup.banks', 'lookup.deposit', 'lookup.sources'].map((key) => settings.get(key)),
    );
    try {
      await settings.set('lookup.banks', [
        { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
        { code: 'LDB', nameTH: 'ธนาคารพัฒนาลาว', nameEN: 'LDB', nameLA: 'ທະນາຄານ ພັດທະນາ' },
        { code: 'NEWBANK', nameTH: 'ธนาคารใหม่', nameEN: 'New Bank' },
      ]);
      await settings.set('lookup.deposit', {
        banks: [
          {
            bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
            bankCode: 'KBANK',
            bankType: 'DEPOSIT',
            bankAccountName: 'X',
            bankAccountNo: '1',
            currency: 'THB',
            mode: 'AUTO',
          },
        ],
        wallets: [],
        isManual: false,
      });
      await settings.set('lookup.sources', [
        { code: 'FRIEND', description: 'Friend / เพื่อนแนะนำ' },
        { code: 'RADIO', description: 'Radio' },
      ]);
      await m0022.up(t.database.db as unknown as Kysely<unknown>);
      t.clock.advance(10_000);

      expect(ZBanksResponse.parse((await t.app.inject({ url: ROUTES.lookup.banks })).json())).toEqual([
        { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
        { code: 'LDB', nameTH: 'ธนาคารพัฒนาลาว', nameLA: 'ທະນາຄານ ພັດທະນາ', nameEN: 'LDB' },
        { code: 'NEWBANK', nameTH: 'ธนาคารใหม่', nameLA: 'New Bank', nameEN: 'New Bank' },
      ]);
      expect(ZDepositLookup.parse((await t.app.inject({ url: ROUTES.lookup.deposit })).json()).banks[0]?.bank).toEqual({
        nameTH: 'ธนาคารกสิกรไทย',
        nameLA: 'ທະນາຄານກະສິກອນໄທ',
        nameEN: 'Kasikornbank',
      });
      expect(ZSourcesResponse.parse((await t.app.inject({ url: ROUTES.lookup.sources })).json())).toEqual([
        { code: 'FRIEND', description: 'Friend / เพื่อนแนะนำ', nameTH: 'เพื่อนแนะนำ', nameLA: 'ໝູ່ແນະນຳ', nameEN: 'A friend told me' },
        { code: 'RADIO', description: 'Radio', nameTH: 'Radio', nameLA: 'Radio', nameEN: 'Radio' },
      ]);
    } finally {
      await settings.set('lookup.banks', banks);
      await settings.set('lookup.deposit', deposit);
      await settings.set('lookup.sources', sources);
      t.clock.advance(10_000);
    }
  });

  it('answers the withdraw limits, slip statuses and the service state', async () => {
    expect((await t.app.inject({ url: ROUTES.lookup.withdraw })).json()).toEqual({ withdrawMin: 100, withdrawMax: 50000 });
    const slip = ZSlipLookup.parse((await t.app.inject({ url: ROUTES.lookup.slip })).json());
    expect(slip.map((s) => s.code)).toEqual(['processing', 'success', 'failed']);
    expect((await t.app.inject({ url: ROUTES.lookup.active })).json()).toEqual({ status: 'active' });
  });

  it("answers 'gone' once the operator closes the service (after the cache window)", async () => {
    await createSettingsRepository(t.database.db).set('lookup.active', { status: 'gone' });
    t.clock.advance(10_000);
    expect((await t.app.inject({ url: ROUTES.lookup.active })).json()).toEqual({ status: 'gone' });
    await createSettingsRepository(t.database.db).set('lookup.active', { status: 'active' });
    t.clock.advance(10_000);
    expect((await t.app.inject({ url: ROUTES.lookup.active })).json()).toEqual({ status: 'active' });
  });

  it('answers NO_DATA, not a half-formed body, when a stored setting is malformed', async () => {
    await createSettingsRepository(t.database.db).set('lookup.notice', { text: 'not localized' });
    t.clock.advance(10_000);
    const res = await t.app.inject({ url: ROUTES.lookup.notice });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NO_DATA' });
  });
});
