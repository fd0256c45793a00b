import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChaosChecks, totalOf } from '../chaos/chaos-checks.ts';
import type { ChaosMember } from '../chaos/chaos-clients.ts';
import { createServerProcess, type ServerProcess } from '../chaos/chaos-server.ts';
import { createChaosMembers, openGameAccounts } from '../chaos/chaos-setup.ts';
import {
  createNodeDatabase,
  freePort,
  newKey,
  resendUntilFinal,
  sendTransfer,
  setWalletRules,
  CRASH_WALLET_RULES,
  type Answer,
} from '../support/crash-steps-support.ts';
import { testEngines } from '../support/engines.ts';

/**
 * A node killed at each step of a transfer (docs/faults.md, "Killed at each
 * step"): the real server as a child process, on PostgreSQL or on an embedded
 * data folder, started with CRASH_AT so it SIGKILLs itself exactly there, then
 * started again on the same database (the embedded folder reopened). Some are
 * killed a second time while recovering. Each scenario has a member of its
 * own; at the end, for every one: wallet + provider = before, every game
 * account's ledger balance = the provider's, nothing PENDING, the ledger's
 * invariants, and the key answered the outcome the books show, never
 * IDEMPOTENCY_KEY_REUSED.
 */
type Body = { from: string; to: string; amount: number };
type Scenario = { name: string; body: Body; crashAt: string; recoveryCrashAt?: string };

const toGame: Body = { from: 'WALLET', to: 'pg', amount: 10 };
const fromGame: Body = { from: 'pg', to: 'WALLET', amount: 5 };
const gameToGame: Body = { from: 'pg', to: 'betflix', amount: 5 };

/**
 * Each step once (a recovery scenario's first kill is a step of its own too:
 * "during the provider call", applied or not, and "before the call" for a
 * payout), on the direction where it matters most.
 */
const SCENARIOS: Scenario[] = [
  { name: 'wallet -> game: before the provider call', body: toGame, crashAt: 'transfer.recorded' },
  { name: 'wallet -> game: after its answer, before the settlement', body: toGame, crashAt: 'transfer.answered' },
  { name: 'wallet -> game: after the settlement, before the answer', body: toGame, crashAt: 'transfer.settled' },
  { name: 'game -> wallet: paid out, after its answer, before the settlement', body: fromGame, crashAt: 'transfer.answered' },
  { name: 'game -> wallet: after the settlement, before the answer', body: fromGame, crashAt: 'transfer.settled' },
  { name: 'game -> game: after the second leg answer, before its settlement', body: gameToGame, crashAt: 'transfer.answered#2' },
  {
    name: 'game -> wallet killed before the provider call; recovery killed as it cancels the id',
    body: fromGame,
    crashAt: 'transfer.recorded',
    recoveryCrashAt: 'reconcile.cancelling',
  },
  {
    name: 'wallet -> game killed at the provider, applied, no answer; recovery killed with the answer in hand',
    body: toGame,
    crashAt: 'provider.applied',
    recoveryCrashAt: 'reconcile.answered',
  },
  {
    name: 'wallet -> game killed at the provider, not applied; recovery killed holding its claim',
    body: toGame,
    crashAt: 'provider.received',
    recoveryCrashAt: 'reconcile.claimed',
  },
];

const FUNDS_MINOR = 100_000n;
const GAMES = ['pg', 'betflix'];
const FINAL = [200, 422, 502];

describe.each(testEngines())('a node killed at each step of a transfer (%s database)', (engine) => {
  let dir: string;
  let node: ServerProcess;
  let database: Awaited<ReturnType<typeof createNodeDatabase>>;
  let members: ChaosMember[];
  const answers = new Map<string, { key: string; first: Answer; seen: Answer[]; final: Answer }>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `jetton-crash-${engine}-`));
    const tokenSecret = randomBytes(32).toString('base64url');
    database = await createNodeDatabase(engine, dir);
    const created = await createChaosMembers(database.first.db, tokenSecret, SCENARIOS.length, FUNDS_MINOR);
    await setWalletRules(database.first.db, CRASH_WALLET_RULES);
    await database.first.db.destroy();
    node = createServerProcess({
      port: await freePort(),
      databaseUrl: database.env.DATABASE_URL ?? '',
      dataDir: dir,
      tokenSecret,
      logFile: path.join(dir, 'node.log'),
    });
    await node.start(180_000);
    members = await openGameAccounts(node.origin, created, GAMES, 20);
    // Nothing in flight: a kill here loses nothing, and is quicker than a graceful stop.
    await node.kill();
  }, 400_000);

  afterAll(async () => {
    await node?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('makes and loses no money, and every key answers what happened', { timeout: 900_000 }, async () => {
    // Each scenario: a node armed for its step takes the transfer and dies under it; a node armed
    // for the recovery step (when there is one) dies recovering. The next node recovers everything.
    for (const [i, scenario] of SCENARIOS.entries()) {
      const member = members[i] as ChaosMember;
      await node.start(180_000, { env: { CRASH_AT: scenario.crashAt } });
      const key = newKey();
      const first = await sendTransfer(node.origin, member.token, scenario.body, key);
      expect(first.status, `${scenario.name}: the node died under the request`).toBe(0);
      expect(await node.exited(30_000), `${scenario.name}: the node killed itself`).toBe(true);
      answers.set(scenario.name, { key, first, seen: [], final: first });
      if (scenario.recoveryCrashAt) {
        await node.start(180_000, { env: { CRASH_AT: scenario.recoveryCrashAt }, retry: false }).catch(() => undefined);
        expect(await node.exited(120_000), `${scenario.name}: the node died recovering`).toBe(true);
      }
    }
    await node.start(180_000);
    for (const [i, scenario] of SCENARIOS.entries()) {
      const member = members[i] as ChaosMember;
      const sent = answers.get(scenario.name);
      if (!sent) throw new Error(`no request for ${scenario.name}`);
      const { final, seen } = await resendUntilFinal(node.origin, member.token, scenario.body, sent.key, 120_000);
      answers.set(scenario.name, { ...sent, seen, final });
    }
    await node.stop();

    const db = await database.open();
    try {
      const checks = createChaosChecks(db.db);
      expect(await checks.pendingTransfers()).toBe(0);
      expect(await checks.invariantViolations()).toEqual([]);
      const legs = await checks.legsByKey(members.map((m) => m.id));
      for (const [i, scenario] of SCENARIOS.entries()) {
        const member = members[i] as ChaosMember;
        const sent = answers.get(scenario.name);
        const money = await checks.money(member.id);
        // Funded with FUNDS_MINOR in the wallet, nothing at the provider: transfers only move it between the two.
        expect(totalOf(money), `${scenario.name}: wallet + provider`).toBe(FUNDS_MINOR);
        for (const game of GAMES)
          expect(money.ledgerGames.get(game) ?? 0n, `${scenario.name}: ${game} ledger = provider`).toBe(
            money.providerGames.get(game) ?? 0n,
          );
        // Answers on the way: pending or "try again", then the final one; never IDEMPOTENCY_KEY_REUSED.
        expect(sent?.seen.filter((a) => ![0, 202, 503, ...FINAL].includes(a.status)) ?? [], scenario.name).toEqual([]);
        expect(FINAL, `${scenario.name}: a final answer`).toContain(sent?.final.status);
        const theirs = legs.get(sent?.key ?? '') ?? [];
        const gameToGameLegs = scenario.body.from !== 'WALLET' && scenario.body.to !== 'WALLET';
        const moved = (gameToGameLegs ? theirs[1] : theirs[0]) === 'SUCCESS';
        expect(sent?.final.status === 200, `${scenario.name}: the answer says what the books say (legs ${theirs.join(', ')})`).toBe(moved);
      }
    } finally {
      await db.db.destroy();
    }
  });
});
