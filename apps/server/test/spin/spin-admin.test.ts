import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import type { TAdminDrawReport, TAdminWheelResponse } from '@jetton/contract/admin/spin';
import { loginOperator, type AdminClient } from '../support/admin-support.ts';
import { testEngines } from '../support/engines.ts';
import { fakeBonuses, MIXED_WHEEL } from '../support/spin-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const S = ADMIN_ROUTES.spin;

describe.each(testEngines())('the prize wheel in the back office (%s database)', (engine) => {
  let t: TestApp;
  let marketing: AdminClient;
  let support: AdminClient;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { spinBonuses: fakeBonuses().port });
    marketing = await loginOperator(t, ['marketing']);
    support = await loginOperator(t, ['support']);
  });
  afterAll(() => t.close());

  const trail = (action: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq', 'desc').limit(1).executeTakeFirst();

  it('saves a new version with a changed weight, reads old and new, audits the change; support may not', async () => {
    expect((await support.call(S.wheel)).statusCode).toBe(403);
    expect((await support.call(S.saveWheel, {}, MIXED_WHEEL)).statusCode).toBe(403);

    const first = await marketing.call(S.saveWheel, {}, MIXED_WHEEL);
    expect(first.statusCode, first.body).toBe(201);
    const v1 = first.json<TAdminWheelResponse>().wheel;
    expect(v1?.slices.map((s) => s.weight)).toEqual(MIXED_WHEEL.slices.map((s) => s.weight));

    const edited = { ...MIXED_WHEEL, slices: MIXED_WHEEL.slices.map((s, i) => (i === 0 ? { ...s, weight: s.weight + 7 } : s)) };
    const second = await marketing.call(S.saveWheel, {}, edited);
    expect(second.statusCode, second.body).toBe(201);
    const v2 = second.json<TAdminWheelResponse>().wheel;
    expect(v2?.version).toBe((v1?.version ?? 0) + 1);

    const current = (await marketing.call(S.wheel)).json<TAdminWheelResponse>().wheel;
    expect(current?.version).toBe(v2?.version);
    expect(current?.slices[0]?.weight).toBe((MIXED_WHEEL.slices[0]?.weight ?? 0) + 7);
    const old = (await marketing.call(S.wheel, {}, undefined, { version: String(v1?.version) })).json<TAdminWheelResponse>().wheel;
    expect(old?.slices[0]?.weight).toBe(MIXED_WHEEL.slices[0]?.weight);
    expect((await marketing.call(S.wheel, {}, undefined, { version: '99999' })).json()).toEqual({ message: 'NO_DATA' });

    const row = await trail('spin.wheel.save');
    expect(row?.operator_id).toBe(marketing.operatorId);
    expect(row?.after).toMatchObject({ version: v2?.version });
    expect(row?.before).toMatchObject({ version: v1?.version });
  });

  it('refuses an invalid wheel (duplicate codes, zero total weight, bad colour) and saves nothing', async () => {
    const before = (await marketing.call(S.wheel)).json<TAdminWheelResponse>().wheel?.version;
    const dup = { ...MIXED_WHEEL, slices: MIXED_WHEEL.slices.map((s) => ({ ...s, code: 'SAME' })) };
    const res = await marketing.call(S.saveWheel, {}, dup);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'INVALID_PRIZE_CODE' });
    const zero = { ...MIXED_WHEEL, slices: MIXED_WHEEL.slices.map((s) => ({ ...s, weight: 0 })) };
    expect((await marketing.call(S.saveWheel, {}, zero)).json()).toEqual({ message: 'KEY_INVALID' });
    const colour = { ...MIXED_WHEEL, slices: MIXED_WHEEL.slices.map((s) => ({ ...s, bgColor: 'red' })) };
    expect((await marketing.call(S.saveWheel, {}, colour)).statusCode).toBe(400);
    expect((await marketing.call(S.wheel)).json<TAdminWheelResponse>().wheel?.version).toBe(before);
  });

  it('switches the wheel off and on (a new version each, audited; the same state twice is no new version)', async () => {
    const off = await marketing.call(S.setActive, {}, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const offWheel = off.json<TAdminWheelResponse>().wheel;
    expect(offWheel?.active).toBe(false);
    const again = (await marketing.call(S.setActive, {}, { active: false })).json<TAdminWheelResponse>().wheel;
    expect(again?.version).toBe(offWheel?.version);
    expect((await trail('spin.wheel.deactivate'))?.after).toEqual({ version: offWheel?.version, active: false });
    const on = (await marketing.call(S.setActive, {}, { active: true })).json<TAdminWheelResponse>().wheel;
    expect(on?.active).toBe(true);
    expect(on?.version).toBe((offWheel?.version ?? 0) + 1);
    expect((await trail('spin.wheel.activate'))?.operator_id).toBe(marketing.operatorId);
  });

  it('reports a version: expected shares from the weights, observed counts, chi-square', async () => {
    const res = await marketing.call(S.report);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TAdminDrawReport>();
    const total = report.slices.reduce((s, x) => s + x.weight, 0);
    expect(report.slices.map((s) => s.expectedShare)).toEqual(report.slices.map((s) => s.weight / total));
    expect(report.draws).toBe(0);
    expect(report.pValue).toBe(1);
    expect((await marketing.call(S.report, {}, undefined, { version: '99999' })).json()).toEqual({ message: 'NO_DATA' });
  });
});
