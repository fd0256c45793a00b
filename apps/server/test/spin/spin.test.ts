import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, apiPath } from '@jetton/contract/routes';
import type {
  TCoupon,
  TCouponListResponse,
  TSpinHistoryResponse,
  TSpinResponse,
  TSpinSetupResponse,
  TWheelVersionResponse,
} from '@jetton/contract/spin';
import type { TStatementResponse } from '@jetton/contract/wallet';
import { fairSlice } from '../../src/modules/spin/fair-draw.ts';
import { COUPON_VALID_MS } from '../../src/modules/spin/spin-service.ts';
import { DEMO_WHEEL } from '../../src/modules/spin/seed-wheel.ts';
import { call, expectError, login, PASSWORD } from '../support/accounts-support.ts';
import { testEngines } from '../support/engines.ts';
import { claim, coinsOf, countDraws, fakeBonuses, MIXED_WHEEL, seededSeeds, setCoins, spin, wheelOf } from '../support/spin-support.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectHealthy, walletBalance, walletMember } from '../support/wallet-support.ts';

describe.each(testEngines())('spin wheel (%s database)', (engine) => {
  let t: TestApp;
  const bonuses = fakeBonuses();
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { spinSeeds: seededSeeds(engine), spinBonuses: bonuses.port });
  });
  afterEach(async () => {
    bonuses.state.available = true;
    await t.app.services.spinWheels.save(DEMO_WHEEL);
    await expectHealthy(t);
  });
  afterAll(() => t.close());

  const ok = <T>(res: Awaited<ReturnType<typeof spin>>): T => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const setup = async (token: string) => ok<TSpinSetupResponse>(await call(t, 'GET', ROUTES.spinwheel.setup, undefined, { token }));
  const coupons = async (token: string, page = 1) =>
    ok<TCouponListResponse>(await call(t, 'GET', `${ROUTES.spinwheel.coupon}?page=${page}&limit=3`, undefined, { token }));
  const spinLines = async (token: string) =>
    ok<TStatementResponse>(await call(t, 'POST', ROUTES.statement.list, { page: 1, limit: 50 }, { token })).statements.filter(
      (s) => s.statementType === 'spin',
    );

  it('answers the active wheel, its published slices and weights, the coins and the seed commitment', async () => {
    const m = await walletMember(t);
    expect(ok(await call(t, 'GET', ROUTES.spinwheel.active, undefined, { token: m.token }))).toEqual({ active: true });
    const s = await setup(m.token);
    expect(s).toMatchObject({ active: true, name: DEMO_WHEEL.name, coin: 0 });
    expect(s.slices.map((x) => [x.code, x.weight])).toEqual(DEMO_WHEEL.slices.map((x) => [x.code, x.weight]));
    expect(s.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.fairness.nonce).toBe(0);
    // The commitment does not change until the member rotates it.
    expect((await setup(m.token)).fairness).toEqual(s.fairness);
    expectError(await call(t, 'GET', ROUTES.spinwheel.setup), 401, 'invalid-token');
  });

  it('refuses a spin without coins or without an Idempotency-Key, and spends nothing', async () => {
    const m = await walletMember(t);
    expectError(await spin(t, m.token), 422, 'NO_COIN');
    await setCoins(t, m.id, 1);
    expectError(await spin(t, m.token, null), 400, 'KEY_MISSING');
    expect(await coinsOf(t, m.id)).toBe(1);
    expect(await countDraws(t, m.id)).toBe(0);
  });

  it('lets exactly 5 of 20 parallel spins through with 5 coins, each on its own nonce', async () => {
    await t.app.services.spinWheels.save(MIXED_WHEEL);
    const m = await walletMember(t);
    await setCoins(t, m.id, 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => spin(t, m.token)));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : a.json<{ message: string }>().message));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(5);
    expect(codes.filter((c) => c === 'NO_COIN')).toHaveLength(15);
    const nonces = answers.filter((a) => a.statusCode === 200).map((a) => a.json<TSpinResponse>().draw.nonce);
    expect(nonces.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await coinsOf(t, m.id)).toBe(0);
    expect(await countDraws(t, m.id)).toBe(5);
  });

  it('replays a spin for the same Idempotency-Key without taking a second coin', async () => {
    const m = await walletMember(t);
    await setCoins(t, m.id, 2);
    const key = randomUUID();
    const first = ok<TSpinResponse>(await spin(t, m.token, key));
    const again = await spin(t, m.token, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(ok<TSpinResponse>(again)).toEqual(first);
    expect(await coinsOf(t, m.id)).toBe(1);
  });

  it('recomputes 1,000 recorded spins from the revealed server seed and finds every slice', async () => {
    await t.app.services.spinWheels.save(MIXED_WHEEL);
    const m = await walletMember(t);
    const committed = (await setup(m.token)).fairness;
    await setCoins(t, m.id, 1_000);
    // Through the service: the HTTP path of a spin is covered above; here the draws themselves are checked.
    for (let i = 0; i < 1_000; i += 1) await t.app.services.spins.spin(m.id);
    expect(await coinsOf(t, m.id)).toBe(0);

    const before = ok<TSpinHistoryResponse>(
      await call(t, 'GET', `${ROUTES.spinwheel.history}?page=1&limit=5`, undefined, { token: m.token }),
    );
    expect(before.total).toBe(1_000);
    expect(before.spins.every((s) => s.serverSeed === null)).toBe(true);

    const rotated = ok<{ revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; spins: number } }>(
      await call(t, 'POST', ROUTES.spinwheel.rotateSeed, { clientSeed: 'my-own-seed' }, { token: m.token }),
    );
    expect(rotated.revealed.serverSeedHash).toBe(committed.serverSeedHash);
    expect(createHash('sha256').update(rotated.revealed.serverSeed).digest('hex')).toBe(committed.serverSeedHash);
    expect(rotated.revealed.spins).toBe(1_000);
    const next = await setup(m.token);
    expect(next.fairness).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(next.fairness.serverSeedHash).not.toBe(committed.serverSeedHash);

    const wheels = new Map<number, TWheelVersionResponse>();
    let checked = 0;
    for (let page = 1; page <= 10; page += 1) {
      const history = ok<TSpinHistoryResponse>(
        await call(t, 'GET', `${ROUTES.spinwheel.history}?page=${page}&limit=100`, undefined, { token: m.token }),
      );
      for (const s of history.spins) {
        expect(s.serverSeed).toBe(rotated.revealed.serverSeed);
        let wheel = wheels.get(s.wheelVersion);
        if (!wheel) {
          // Public: no token.
          wheel = ok<TWheelVersionResponse>(
            await call(t, 'GET', apiPath(ROUTES.spinwheel.wheelVersion, { version: String(s.wheelVersion) })),
          );
          wheels.set(s.wheelVersion, wheel);
        }
        const index = fairSlice(
          s.serverSeed ?? '',
          s.clientSeed,
          s.nonce,
          wheel.slices.map((x) => x.weight),
        );
        expect(index).toBe(s.index);
        expect(wheel.slices[index]?.code).toBe(s.slice);
        checked += 1;
      }
    }
    expect(checked).toBe(1_000);

    // The operator's draw report: counts per slice and a chi-square test against the weights.
    const report = await t.app.services.spinWheels.report(next.version);
    expect(report.slices.reduce((sum, s) => sum + s.observed, 0)).toBeGreaterThanOrEqual(1_000);
    expect(report.slices.find((s) => s.code === 'Z')?.observed).toBe(0);
    expect(report.impossible).toBe(0);
  }, 120_000);

  it('credits a credit coupon once through the ledger, with a spin line on the statement', async () => {
    await t.app.services.spinWheels.save(wheelOf({ type: 'credit', amount: 25.5 }));
    const m = await walletMember(t, 1_000n);
    await setCoins(t, m.id, 1);
    const won = ok<TSpinResponse>(await spin(t, m.token));
    expect(won).toMatchObject({ slice: 'WIN', index: 1, coin: 0 });
    const coupon = won.coupon as TCoupon;
    expect(coupon).toMatchObject({ type: 'credit', amount: 25.5, status: 'claimable', prize: { slice: 'WIN', name: 'WIN' } });
    expect(Date.parse(coupon.expiresAt) - Date.parse(coupon.createdAt)).toBe(COUPON_VALID_MS);
    expect(await walletBalance(t, m.id)).toBe(1_000n);

    const claimed = ok<{ coupon: TCoupon }>(await claim(t, m.token, coupon._id));
    expect(claimed.coupon.status).toBe('claimed');
    expect(await walletBalance(t, m.id)).toBe(3_550n);
    expect((await spinLines(m.token)).map((l) => ({ amount: l.amount, status: l.status }))).toEqual([{ amount: 25.5, status: 'SUCCESS' }]);
    expectError(await claim(t, m.token, coupon._id), 404, 'NO_CLAIMABLE_COUPON');
    expect((await coupons(m.token)).coupons[0]).toMatchObject({ _id: coupon._id, status: 'claimed' });
    expect(await walletBalance(t, m.id)).toBe(3_550n);
  });

  it('credits once under 10 parallel claims of the same coupon', async () => {
    await t.app.services.spinWheels.save(wheelOf({ type: 'credit', amount: 10 }));
    const m = await walletMember(t);
    await setCoins(t, m.id, 1);
    const coupon = ok<TSpinResponse>(await spin(t, m.token)).coupon as TCoupon;
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(t, m.token, coupon._id)));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : a.json<{ message: string }>().message));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'NO_CLAIMABLE_COUPON')).toHaveLength(9);
    expect(await walletBalance(t, m.id)).toBe(1_000n);
    expect(await spinLines(m.token)).toHaveLength(1);
  });

  it('refuses an expired coupon (COUPON_EXPIRED) by the app clock, and lists it as expired', async () => {
    await t.app.services.spinWheels.save(wheelOf({ type: 'credit', amount: 10 }));
    const m = await walletMember(t);
    await setCoins(t, m.id, 2);
    const early = ok<TSpinResponse>(await spin(t, m.token)).coupon as TCoupon;
    t.clock.advance(COUPON_VALID_MS - 1_000);
    const late = ok<TSpinResponse>(await spin(t, await login(t, m.phone, PASSWORD))).coupon as TCoupon;
    t.clock.advance(1_000);
    // The session did not last the week: log in again.
    const token = await login(t, m.phone, PASSWORD);
    expectError(await claim(t, token, early._id), 410, 'COUPON_EXPIRED');
    const list = await coupons(token);
    expect(list.total).toBe(2);
    expect(list.coupons.map((c) => [c._id, c.status])).toEqual([
      [late._id, 'claimable'],
      [early._id, 'expired'],
    ]);
    ok(await claim(t, token, late._id));
    expect(await walletBalance(t, m.id)).toBe(1_000n);
  });

  it('holds a credit coupon while a bonus with unmet turnover is active (BONUS_REMAINING)', async () => {
    await t.app.services.spinWheels.save(wheelOf({ type: 'credit', amount: 10 }));
    const m = await walletMember(t);
    await setCoins(t, m.id, 1);
    const coupon = ok<TSpinResponse>(await spin(t, m.token)).coupon as TCoupon;
    bonuses.state.unmet.add(m.id);
    expectError(await claim(t, m.token, coupon._id), 422, 'BONUS_REMAINING');
    expect(await walletBalance(t, m.id)).toBe(0n);
    bonuses.state.unmet.delete(m.id);
    ok(await claim(t, m.token, coupon._id));
    expect(await walletBalance(t, m.id)).toBe(1_000n);
  });

  it('adds the coins of a coin coupon, once', async () => {
    await t.app.services.spinWheels.save(wheelOf({ type: 'coin', coins: 3 }));
    const m = await walletMember(t);
    await setCoins(t, m.id, 1);
    const coupon = ok<TSpinResponse>(await spin(t, m.token)).coupon as TCoupon;
    expect(coupon).toMatchObject({ type: 'coin', coins: 3, amount: 0 });
    expect(ok<{ coin: number }>(await claim(t, m.token, coupon._id)).coin).toBe(3);
    expectError(await claim(t, m.token, coupon._id), 404, 'NO_CLAIMABLE_COUPON');
    expect(await coinsOf(t, m.id)).toBe(3);
  });

  it('starts a bonus through the bonus port; without bonuses wired a bonus coupon is refused and stays claimable', async () => {
    await t.app.services.spinWheels.save(wheelOf({ type: 'bonus', amount: 50, turnover: 3, percentFail: 10 }));
    const m = await walletMember(t);
    await setCoins(t, m.id, 2);
    const first = ok<TSpinResponse>(await spin(t, m.token)).coupon as TCoupon;
    const second = ok<TSpinResponse>(await spin(t, m.token)).coupon as TCoupon;
    expect(first).toMatchObject({ type: 'bonus', amount: 50 });
    ok(await claim(t, m.token, first._id));
    expect(bonuses.state.started).toContainEqual(
      expect.objectContaining({ memberId: m.id, couponId: first._id, credit: 5_000n, turnoverMultiplier: 3, percentFail: 10 }),
    );
    bonuses.state.available = false;
    expectError(await claim(t, m.token, second._id), 400, 'INVALID_COUPON_TYPE');
    expect((await coupons(m.token)).coupons.find((c) => c._id === second._id)?.status).toBe('claimable');
    // Nor can a wheel offer a bonus then.
    await expect(t.app.services.spinWheels.save(wheelOf({ type: 'bonus', amount: 5, turnover: 1, percentFail: 0 }))).rejects.toMatchObject({
      code: 'INVALID_PRIZE_CODE',
    });
  });

  it("answers INVALID_CODE for a malformed, unknown or another member's coupon", async () => {
    await t.app.services.spinWheels.save(wheelOf({ type: 'credit', amount: 10 }));
    const m = await walletMember(t);
    const other = await walletMember(t);
    await setCoins(t, other.id, 1);
    const theirs = ok<TSpinResponse>(await spin(t, other.token)).coupon as TCoupon;
    expectError(await claim(t, m.token, 'not-a-coupon'), 400, 'INVALID_CODE');
    expectError(await claim(t, m.token, randomUUID()), 400, 'INVALID_CODE');
    expectError(await claim(t, m.token, theirs._id), 400, 'INVALID_CODE');
    expectError(await claim(t, m.token, 42), 400, 'KEY_INVALID');
  });

  it('refuses a wheel whose slice codes repeat (INVALID_PRIZE_CODE), and sanitizes descriptions', async () => {
    const twice = wheelOf({ type: 'nothing' });
    await expect(t.app.services.spinWheels.save({ ...twice, slices: [...twice.slices, twice.slices[0]!] })).rejects.toMatchObject({
      code: 'INVALID_PRIZE_CODE',
    });
    const wheel = wheelOf({ type: 'nothing' });
    const saved = await t.app.services.spinWheels.save({
      ...wheel,
      slices: wheel.slices.map((s) => ({
        ...s,
        htmlDescription: '<b onclick="x()">Win</b><script>alert(1)</script><img src=x onerror=alert(1)>!',
      })),
    });
    expect(saved.slices[0]?.htmlDescription).toBe('<b>Win</b>!');
    const m = await walletMember(t);
    expect((await setup(m.token)).slices[0]?.htmlDescription).toBe('<b>Win</b>!');
  });

  it('turns the wheel off: inactive, spins refused (NO_DATA) and no coin taken', async () => {
    const before = await t.app.services.spinWheels.current();
    const off = await t.app.services.spinWheels.setActive(false);
    expect(off.version).toBe((before?.version ?? 0) + 1);
    const m = await walletMember(t);
    await setCoins(t, m.id, 1);
    expect(ok(await call(t, 'GET', ROUTES.spinwheel.active, undefined, { token: m.token }))).toEqual({ active: false });
    expectError(await spin(t, m.token), 404, 'NO_DATA');
    expect(await coinsOf(t, m.id)).toBe(1);
    await t.app.services.spinWheels.setActive(true);
    ok(await spin(t, m.token));
  });
});
