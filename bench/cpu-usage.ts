/**
 * Where the CPU goes during a load run, read from /proc (Linux): the server
 * process, PostgreSQL's processes (all of them: the machine is otherwise
 * quiet during a bench) and this process (the load generator). On two cores
 * shared by all three, CPU per transfer sets the ceiling on transfers/s, and
 * with it the closed-loop latency (connections / rate).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** USER_HZ: /proc reports CPU time in ticks of 1/100 s on Linux. */
const TICKS_PER_S = 100;

export type CpuSample = { server: number; postgres: number; loadGenerator: number; busy: number; total: number };
export type CpuPerOp = { serverMs: number; postgresMs: number; loadGeneratorMs: number; busyPercent: number; ceilingPerSecond: number };

function processTicks(pid: string): { comm: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // the process ended while we read
  }
}

export function cpuSample(serverPid: number): CpuSample {
  const sample: CpuSample = { server: 0, postgres: 0, loadGenerator: 0, busy: 0, total: 0 };
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const p = processTicks(pid);
    if (!p) continue;
    if (Number(pid) === serverPid) sample.server += p.ticks;
    else if (Number(pid) === process.pid) sample.loadGenerator += p.ticks;
    else if (p.comm.startsWith('postgres')) sample.postgres += p.ticks;
  }
  // cpu  user nice system idle iowait irq softirq steal
  const [user, nice, system, idle, iowait, irq, softirq, steal] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  sample.busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  sample.total = sample.busy + (idle ?? 0) + (iowait ?? 0);
  return sample;
}

export function cpuPerOp(before: CpuSample, after: CpuSample, ops: number): CpuPerOp {
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_S / Math.max(ops, 1);
  const serverMs = ms(after.server - before.server);
  const postgresMs = ms(after.postgres - before.postgres);
  const loadGeneratorMs = ms(after.loadGenerator - before.loadGenerator);
  return {
    serverMs,
    postgresMs,
    loadGeneratorMs,
    busyPercent: (100 * (after.busy - before.busy)) / Math.max(after.total - before.total, 1),
    // Every core busy with nothing but this work.
    ceilingPerSecond: (availableParallelism() * 1000) / Math.max(serverMs + postgresMs + loadGeneratorMs, 0.001),
  };
}
