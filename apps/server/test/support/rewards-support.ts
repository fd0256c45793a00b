import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { GameCode } from '@jetton/contract/constants';
import { apiPath, ROUTES } from '@jetton/contract/routes';
import type { TBonusActive, TUserBonus } from '@jetton/contract/rewards';
import { createSettingsRepository } from '../../src/modules/lookup/settings-repository.ts';
import type { DefinitionInput } from '../../src/modules/rewards/definition-repository.ts';
import { REWARDS_RULES_KEY, type RewardsRules } from '../../src/modules/rewards/rewards-rules.ts';
import { call } from './accounts-support.ts';
import { sandboxOf, sessionCookie } from './demo-provider-helpers.ts';
import type { TestApp } from './test-app.ts';
import { activated, transfer, type WalletMember } from './wallet-support.ts';

/** Helpers for the rewards tests: the member's reward calls, operator definitions, rounds at the demo provider. */

export const get = (t: TestApp, token: string, path: string): Promise<LightMyRequestResponse> => call(t, 'GET', path, undefined, { token });

export async function activateBonus(t: TestApp, token: string, code: string): Promise<LightMyRequestResponse> {
  return get(t, token, apiPath(ROUTES.bonus.activate, { code }));
}

export async function activeBonus(t: TestApp, token: string): Promise<TBonusActive> {
  const res = await get(t, token, ROUTES.bonus.checkActive);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TBonusActive>();
}

export function ok<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

export type { TUserBonus };

/** A definition for a test, made through the operator's service (defaults: 10 %, target 1x, no expiry). */
export async function defineBonus(t: TestApp, fields: Partial<DefinitionInput> & { code: string }) {
  return t.app.services.operatorRewards.createDefinition({
    origin: 'bonus',
    names: { th: fields.code, la: fields.code, en: fields.code },
    notices: { th: 'n {percentFail}', la: 'n {percentFail}', en: 'n {percentFail}' },
    type: 'limit',
    maxReceived: 1,
    percent: 10,
    maxBonus: 100_000n,
    minDeposit: 10_000n,
    turnover: 1,
    percentFail: 0,
    categoryWeights: { slot: 100, sport: 100, lotto: 100 },
    banners: [],
    active: true,
    validFrom: null,
    validTo: null,
    expiryDays: null,
    maxUses: null,
    ...fields,
  });
}

export async function setRewardsRules(t: TestApp, rules: Partial<RewardsRules>): Promise<void> {
  await createSettingsRepository(t.database.db).set(REWARDS_RULES_KEY, rules);
  t.clock.advance(6_000);
}

/**
 * Plays `bets` at a demo game as the member's browser does: activates the
 * game, moves `stake` there, launches it and bets. Answers the rounds' payouts.
 */
export async function play(t: TestApp, m: WalletMember, game: GameCode, stake: bigint, bets: bigint[], extra: Record<string, string> = {}) {
  const account = await activated(t, m, game);
  expect((await transfer(t, m.token, { from: 'WALLET', to: game, amount: Number(stake) / 100 })).statusCode).toBe(200);
  const sandbox = sandboxOf(t);
  const target = await sandbox
    .provider(game)
    .launch({ username: account.username ?? '', password: account.password ?? '', platform: 'web' });
  if (target.kind !== 'link') throw new Error('expected a link launch');
  const cookie = sessionCookie(await fetch(target.url, { redirect: 'manual' }));
  const payouts: bigint[] = [];
  for (const bet of bets) {
    const res = await fetch(`${sandbox.base()}/sandbox/games/${game}/play/bet`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ bet: bet.toString(), ...extra }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { round: { payout: string } };
    payouts.push(BigInt(body.round.payout));
  }
  return payouts;
}

/**
 * A round at the provider's own books with a chosen outcome (the provider's history then reports it like any other);
 * `playedAt` earlier than rounds already published stands for a round the provider settled late.
 */
export async function providerRound(
  t: TestApp,
  game: GameCode,
  username: string,
  bet: bigint,
  payout: bigint,
  playedAt: Date = t.clock.now(),
): Promise<void> {
  const db = t.database.db;
  const player = await db
    .selectFrom('demo_players')
    .select('id')
    .where('game_code', '=', game)
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('demo_rounds')
    .values({ game_code: game, player_id: player.id, game: 'slot', bet, payout, detail: '{}', played_at: playedAt })
    .execute();
}

export async function bonusRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('member_bonuses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
