import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { migrateSandbox } from '../../src/sandbox/sandbox-migrations.ts';
import { seedDatabase } from '../../src/seed.ts';
import { createChaosChecks, totalOf, type ChaosChecks } from './chaos-checks.ts';
import { createChaosClients, FINAL, type ChaosMember, type Sent } from './chaos-clients.ts';
import { applyProviderFaults, chaosPhases, resetProviderFaults, terminateServerConnections, type ChaosPhase } from './chaos-faults.ts';
import { finalChecks } from './chaos-verdict.ts';
import { formatChaosReport, type ChaosFigures } from './chaos-report.ts';
import { createServerProcess, type ServerProcess } from './chaos-server.ts';
import { createChaosDatabase, createChaosMembers, openGameAccounts, withApplicationName } from './chaos-setup.ts';

export type ChaosOptions = {
  /** A PostgreSQL server (any database on it): the run creates its own database there and drops it after. */
  adminUrl: string;
  /** The node the clients use, SIGKILLed once; the provider's node listens on port + 1. */
  port: number;
  faultSeconds: number;
  /** Clients sharing the hot member (one wallet and its games). */
  hotClients: number;
  /** Clients with a member each. */
  manyClients: number;
  killEveryMs: number;
  /** How long the hanging provider holds a request: longer than its deadline and than a restart. */
  hangMs: number;
  /** When, as a fraction of the fault window, the node is SIGKILLed. */
  killAt: number;
  /** How long reconciliation gets to settle everything after the faults (and again after the re-sends). */
  settleLimitMs: number;
  log: (line: string) => void;
};

export type ChaosResult = { failures: string[]; report: string; figures: ChaosFigures };

/** Plain games (credit = baht): the ledger and the provider count the same units. */
const GAMES = ['pg', 'betflix', 'imi', 'usun'];
const FUNDS_MINOR = 1_000_000n;
const PER_GAME = 20;

/**
 * The fault run (docs/faults.md): two real server processes on one
 * PostgreSQL database of the run's own: the node the clients use, and a second
 * node that also serves as the game provider (SANDBOX_BASE_URL), so a request
 * the provider holds outlives the first node's death, as at a real provider.
 * Concurrent clients move money for one hot member and for many, while every
 * database connection is terminated every few seconds, every provider fault
 * is on in phases, and the first node is SIGKILLed late and started again as
 * it all goes on. Then the faults stop, reconciliation settles everything,
 * every request without a final answer (or whose key is still open) is sent
 * again with its key, and the books are checked against the provider.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const database = await createChaosDatabase(options.adminUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jetton-chaos-'));
  const { db } = await openDatabase({ kind: 'postgres', url: withApplicationName(database.url), poolSize: 4 });
  const tokenSecret = randomBytes(32).toString('base64url');
  let keep = false;
  const common = { databaseUrl: database.url, dataDir, tokenSecret };
  const provider = createServerProcess({ ...common, port: options.port + 1, logFile: path.join(dataDir, 'provider.log') });
  const server = createServerProcess({
    ...common,
    port: options.port,
    logFile: path.join(dataDir, 'server.log'),
    extra: { SANDBOX_BASE_URL: provider.origin },
  });
  try {
    await migrateToLatest(db);
    await migrateSandbox(db);
    await seedDatabase(db, { demoMember: false });
    const created = await createChaosMembers(db, tokenSecret, 1 + Math.max(1, options.manyClients), FUNDS_MINOR);
    // A first start compiles everything (no compile cache yet): generous on a loaded machine.
    await provider.start(180_000);
    const firstStartMs = await server.start(180_000);
    options.log(`nodes up (${firstStartMs} ms) on ${server.origin}, provider ${provider.origin}; opening ${created.length} members' games`);
    const members = await openGameAccounts(server.origin, created, GAMES, PER_GAME);
    const checks = createChaosChecks(db);
    const start = new Map<string, bigint>();
    for (const m of members) start.set(m.id, totalOf(await checks.money(m.id)));

    const figures = await faultWindow(options, { server, provider }, members, database.name);
    options.log('faults stopped: waiting for reconciliation, then sending every request without a final answer again');
    figures.settleMs = await settle(checks, options.settleLimitMs);
    const again = await toResend(checks, figures.clients.sent, members);
    figures.resent = { count: again.length, ...(await figures.clients.resend(again, 90_000)) };
    figures.settleAfterResendMs = await settle(checks, options.settleLimitMs);
    const failures = await finalChecks(checks, members, start, figures, [server, provider]);
    // The nodes' logs are kept for a failed run.
    keep = failures.length > 0;
    const report = formatChaosReport(figures, failures) + (keep ? `\nthe nodes' logs: ${dataDir}/*.log` : '');
    return { failures, report, figures };
  } finally {
    await server.stop();
    await provider.stop();
    await db.destroy();
    await database.drop().catch(() => undefined);
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every request whose last answer was not final, and every key still open in the database. */
async function toResend(checks: ChaosChecks, sent: Map<string, Sent>, members: ChaosMember[]): Promise<Sent[]> {
  const again = new Map<string, Sent>();
  for (const request of sent.values()) if (!FINAL.has(request.status)) again.set(request.key, request);
  for (const open of await checks.processingKeys(members.map((m) => m.id))) {
    const request = sent.get(open.key);
    if (request) again.set(open.key, request);
  }
  return [...again.values()];
}

async function faultWindow(
  options: ChaosOptions,
  nodes: { server: ServerProcess; provider: ServerProcess },
  members: ChaosMember[],
  databaseName: string,
): Promise<ChaosFigures> {
  const { server, provider } = nodes;
  const phases = chaosPhases(GAMES, options.hangMs, options.killAt);
  let current: ChaosPhase = phases[0] as ChaosPhase;
  const [hot, ...many] = members as [ChaosMember, ...ChaosMember[]];
  const clients = createChaosClients({
    origin: server.origin,
    hot,
    many,
    hotClients: options.hotClients,
    manyClients: options.manyClients,
    phase: () => current.name,
  });
  const figures: ChaosFigures = {
    options,
    clients,
    terminations: 0,
    terminatedConnections: 0,
    healthAfterFaultMs: [],
    restartMs: undefined,
    settleMs: 0,
    settleAfterResendMs: 0,
    resent: undefined,
    phases: phases.map((p) => p.name),
    failedStarts: server.failedStarts,
    windowMs: 0,
  };
  let restarting = false;
  let windowOver = false;
  // Connections are terminated on their own clock, through the restart too.
  const terminations = (async () => {
    while (!windowOver) {
      await sleep(options.killEveryMs);
      if (windowOver) break;
      figures.terminations++;
      figures.terminatedConnections += await terminateServerConnections(options.adminUrl, databaseName).catch(() => 0);
      if (!restarting) {
        const ms = await server.untilHealthy(10_000);
        if (!restarting) figures.healthAfterFaultMs.push(ms);
      }
    }
  })();

  await applyProviderFaults(provider.origin, current);
  clients.start();
  let windowMs = options.faultSeconds * 1_000;
  const began = Date.now();
  let killed = false;
  options.log(
    `faults for ${options.faultSeconds} s, ${options.hotClients} clients on one member and ${options.manyClients} on others: ${phases.map((p) => p.name).join(' -> ')}`,
  );
  while (Date.now() - began < windowMs) {
    const elapsed = Math.min(1, (Date.now() - began) / (options.faultSeconds * 1_000));
    const phase = phases.find((p) => elapsed < p.until) ?? current;
    if (phase !== current) {
      current = phase;
      options.log(`phase: ${phase.name}`);
      await applyProviderFaults(provider.origin, phase);
    }
    if (phase.kill !== undefined && !killed && elapsed >= phase.kill) {
      killed = true;
      restarting = true;
      const at = Date.now();
      await server.kill();
      await server.start(120_000);
      figures.restartMs = Date.now() - at;
      restarting = false;
      // The restarted node recovers what the dead one left while every fault goes on: at least the rest
      // of the window after it is up, however long the restart took.
      windowMs = Math.max(windowMs, Date.now() - began + (1 - phase.kill) * options.faultSeconds * 1_000);
      options.log(`SIGKILL at ${Math.round(elapsed * 100)} % of the window: healthy again after ${figures.restartMs} ms`);
    }
    await sleep(100);
  }
  windowOver = true;
  figures.windowMs = Date.now() - began;
  await resetProviderFaults(provider.origin);
  await terminations;
  figures.healthAfterFaultMs.push(await server.untilHealthy(10_000));
  await clients.stop();
  return figures;
}

/** Waits until no transfer is PENDING; answers how long that took (Infinity past `limitMs`). */
async function settle(checks: ChaosChecks, limitMs: number): Promise<number> {
  const began = Date.now();
  while ((await checks.pendingTransfers()) > 0) {
    if (Date.now() - began > limitMs) return Number.POSITIVE_INFINITY;
    await sleep(250);
  }
  return Date.now() - began;
}
