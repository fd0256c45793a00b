import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBanksResponse, ZSlipLookup } from '@jetton/contract/lookup';
import { ROUTES } from '@jetton/contract/routes';
import { createSettingsRepository } from '../src/modules/lookup/settings-repository.ts';
import { LOOKUP_SETTINGS, type LookupName } from '../src/modules/lookup/settings-keys.ts';
import { testEngines } from './engines.ts';
import { startTestApp, type TestApp } from './test-app.ts';

// The server's own table of lookup -> contract schema: every lookup, each checked against its shape.
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
