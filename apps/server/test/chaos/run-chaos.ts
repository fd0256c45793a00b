import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { seedDatabase } from '../../src/seed.ts';
import { createChaosChecks, totalOf, type ChaosChecks } from './chaos-checks.ts';
import { createChaosClients, type ChaosMember } from './chaos-clients.ts';
import { applyProviderFaults, chaosPhases, resetProviderFaults, terminateServerConnections, type ChaosPhase } from './chaos-faults.ts';
import { formatChaosReport, type ChaosFigures } from './chaos-report.ts';
import { createServerProcess, type ServerProcess } from './chaos-server.ts';
import { createChaosDatabase, createChaosMembers, openGameAccounts, withApplicationName } from './chaos-setup.ts';

export type ChaosOptions = {
  /** A PostgreSQL server (any database on it): the run creates its own database there and drops it after. */
  adminUrl: string;
  port: number;
  faultSeconds: number;
  clients: number;
  /** Clients sharing the first member (one hot member); the others get a member each. */
  hotClients: number;
  killEveryMs: number;
  log: (line: string) => void;
};

export type ChaosResult = { failures: string[]; report: string; figures: ChaosFigures };

/** Plain games (credit = baht): the ledger and the provider count the same units. */
const GAMES = ['pg', 'betflix', 'imi', 'usun'];
const FUNDS_MINOR = 1_000_000n;
const PER_GAME = 20;
/** The server must answer its health check this soon after each fault ends. */
const HEALTH_LIMIT_MS = 5_000;

/**
 * The fault run (docs/faults.md): the real server as a child process on its
 * own PostgreSQL database, concurrent clients moving money for one hot member
 * and for many, while the server's database connections are terminated every
 * few seconds, every demo-provider fault is turned on in phases, and the server
 * is SIGKILLed once and started again. Then the faults stop, reconciliation
 * settles everything, every request that got no definite answer is sent again
 * with its key, and the books are checked against the providers.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const database = await createChaosDatabase(options.adminUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jetton-chaos-'));
  const { db } = await openDatabase({ kind: 'postgres', url: withApplicationName(database.url), poolSize: 4 });
  const tokenSecret = randomBytes(32).toString('base64url');
  const server = createServerProcess({
    port: options.port,
    databaseUrl: database.url,
    dataDir,
    tokenSecret,
    logFile: path.join(dataDir, 'server.log'),
  });
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { demoMember: false });
    const memberCount = 1 + Math.max(1, options.clients - options.hotClients);
    const created = await createChaosMembers(db, tokenSecret, memberCount, FUNDS_MINOR);
    const firstStartMs = await server.start();
    options.log(`server up in ${firstStartMs} ms on ${server.origin}; opening ${memberCount} members' game accounts`);
    const members = await openGameAccounts(server.origin, created, GAMES, PER_GAME);
    const checks = createChaosChecks(db);
    const start = new Map<string, bigint>();
    for (const m of members) start.set(m.id, totalOf(await checks.money(m.id)));

    const figures = await faultWindow(options, server, members, database.name);
    options.log('faults stopped: waiting for reconciliation, then sending every failed request again');
    figures.settleMs = await settle(checks, 120_000);
    const resent = await figures.clients.resend(75_000);
    figures.resent = resent;
    figures.settleAfterResendMs = await settle(checks, 60_000);
    const failures = await finalChecks(checks, members, start, figures, server);
    return { failures, report: formatChaosReport(figures, failures), figures };
  } finally {
    await server.stop();
    await db.destroy();
    await database.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function faultWindow(
  options: ChaosOptions,
  server: ServerProcess,
  members: ChaosMember[],
  databaseName: string,
): Promise<ChaosFigures> {
  const phases = chaosPhases(GAMES);
  let current: ChaosPhase = phases[0] as ChaosPhase;
  const clients = createChaosClients({
    origin: server.origin,
    members,
    clients: options.clients,
    hotClients: options.hotClients,
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
  };
  await applyProviderFaults(server.origin, current);
  clients.start();
  const windowMs = options.faultSeconds * 1_000;
  const began = Date.now();
  let nextTermination = began + options.killEveryMs;
  let killed = false;
  options.log(`faults for ${options.faultSeconds} s, ${options.clients} clients: ${phases.map((p) => p.name).join(' -> ')}`);
  while (Date.now() - began < windowMs) {
    const elapsed = (Date.now() - began) / windowMs;
    const phase = phases.find((p) => elapsed < p.until) ?? current;
    if (phase !== current) {
      current = phase;
      options.log(`phase: ${phase.name}`);
      await applyProviderFaults(server.origin, phase);
      figures.healthAfterFaultMs.push(await server.untilHealthy(10_000));
    }
    if (phase.kill !== undefined && !killed && elapsed >= phase.kill) {
      killed = true;
      const at = Date.now();
      await server.kill();
      figures.restartMs = Date.now() - at + (await server.start(30_000));
      figures.healthAfterFaultMs.push(figures.restartMs);
      options.log(`SIGKILL: healthy again after ${figures.restartMs} ms`);
      await applyProviderFaults(server.origin, phase);
    }
    if (Date.now() >= nextTermination) {
      nextTermination += options.killEveryMs;
      figures.terminations++;
      figures.terminatedConnections += await terminateServerConnections(options.adminUrl, databaseName);
      figures.healthAfterFaultMs.push(await server.untilHealthy(10_000));
    }
    await sleep(100);
  }
  await resetProviderFaults(server.origin);
  figures.healthAfterFaultMs.push(await server.untilHealthy(10_000));
  await clients.stop();
  return figures;
}

/** Waits until no transfer is PENDING; answers how long that took. */
async function settle(checks: ChaosChecks, limitMs: number): Promise<number> {
  const began = Date.now();
  while ((await checks.pendingTransfers()) > 0) {
    if (Date.now() - began > limitMs) return Number.POSITIVE_INFINITY;
    await sleep(250);
  }
  return Date.now() - began;
}

async function finalChecks(
  checks: ChaosChecks,
  members: ChaosMember[],
  start: Map<string, bigint>,
  figures: ChaosFigures,
  server: ServerProcess,
): Promise<string[]> {
  const failures: string[] = [];
  if (!Number.isFinite(figures.settleMs) || !Number.isFinite(figures.settleAfterResendMs))
    failures.push('transfers still PENDING after reconciliation had time');
  for (const m of members) {
    const money = await checks.money(m.id);
    const total = totalOf(money);
    if (total !== start.get(m.id)) failures.push(`member ${m.id}: wallet + provider balances ${total}, at the start ${start.get(m.id)}`);
    for (const game of m.games) {
      const ledger = money.ledgerGames.get(game) ?? 0n;
      const provider = money.providerGames.get(game) ?? 0n;
      if (ledger !== provider) failures.push(`member ${m.id}, ${game}: ledger ${ledger}, provider ${provider}`);
    }
  }
  const pnl = await checks.pnlEntries(members.map((m) => m.id));
  if (pnl > 0) failures.push(`${pnl} game.pnl entries although no round was played`);
  if (figures.clients.negativeReads.length > 0)
    failures.push(`negative balances read: ${figures.clients.negativeReads.slice(0, 3).join('; ')}`);
  const unanswered = figures.resent?.unanswered ?? [];
  if (unanswered.length > 0)
    failures.push(
      `${unanswered.length} re-sent requests got no definite answer (last statuses ${unanswered.map((u) => u.status).join(', ')})`,
    );
  const slow = figures.healthAfterFaultMs.filter((ms) => ms > HEALTH_LIMIT_MS);
  if (slow.length > 0) failures.push(`health answered 200 more than ${HEALTH_LIMIT_MS} ms after a fault ended: ${slow.join(', ')} ms`);
  const errors = [...figures.clients.outcomes].filter(([what]) => / 500\b/.test(what));
  if (errors.length > 0) failures.push(`500 answers: ${errors.map(([what, n]) => `${what} x${n}`).join(', ')}`);
  if (server.unexpectedExits.length > 0) failures.push(`the server exited on its own: ${server.unexpectedExits.join(', ')}`);
  const violations = await checks.invariantViolations();
  if (violations.length > 0) failures.push(`ledger invariants: ${violations.slice(0, 3).join('; ')}`);
  return failures;
}
