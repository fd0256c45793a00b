import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLogoPath, type TBank } from '@jetton/contract/lookup';
import { ROUTES } from '@jetton/contract/routes';
import { testEngines } from '../support/engines.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testEngines())('bank marks (%s database)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('serves a mark for every listed bank, an SVG with its short name; an unknown bank is NOT_FOUND', async () => {
    const banks = (await t.app.inject({ method: 'GET', url: ROUTES.lookup.banks })).json<TBank[]>();
    expect(banks.length).toBeGreaterThan(10);
    for (const bank of banks) {
      const res = await t.app.inject({ method: 'GET', url: bankLogoPath(bank.code) });
      expect(res.statusCode, bank.code).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 48 48".*<text[^>]*>[A-Za-z]{1,4}<\/text><\/svg>$/);
    }
    const unknown = await t.app.inject({ method: 'GET', url: bankLogoPath('NOPE') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NOT_FOUND' });
  });
});
