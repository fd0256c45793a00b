/**
 * A test-only hook that kills this process at a named step of a transfer, so
 * a test can prove that a node dying exactly there makes and loses no money
 * (docs/faults.md, "Killed at each step"). It is configured by CRASH_AT
 * (config.ts refuses it in production); without it, no hook exists and the
 * steps cost one optional call each.
 */
export const CRASH_STEPS = [
  /** The transfer row and its debit committed; the provider not called yet. */
  'transfer.recorded',
  /** At the demo provider: the request arrived, nothing applied yet. */
  'provider.received',
  /** At the demo provider: applied, its answer not sent yet. */
  'provider.applied',
  /** The provider's answer read; the settlement not written yet. */
  'transfer.answered',
  /** The settlement committed; the answer neither stored nor sent. */
  'transfer.settled',
  /** Reconciliation claimed its transfers and asked nothing yet. */
  'reconcile.claimed',
  /** Reconciliation heard "not found" and is about to cancel the id at the provider. */
  'reconcile.cancelling',
  /** Reconciliation has the provider's final status; the settlement not written yet. */
  'reconcile.answered',
  /** Reconciliation's settlement committed. */
  'reconcile.settled',
] as const;

export type CrashStep = (typeof CRASH_STEPS)[number];
export type CrashPoint = (step: CrashStep) => void;
/** Where to die: the step, and which time it is reached (1 = the first). */
export type CrashAt = { step: CrashStep; nth: number };

/** Reads `step` or `step#n`; undefined when it names no step. */
export function parseCrashAt(value: string): CrashAt | undefined {
  const [step, nth = '1'] = value.split('#');
  const count = Number(nth);
  if (!(CRASH_STEPS as readonly string[]).includes(step ?? '') || !Number.isInteger(count) || count < 1) return undefined;
  return { step: step as CrashStep, nth: count };
}

/** The hook: SIGKILL to this very process, as the OOM killer would send it (no handler runs, nothing is flushed). */
export function createCrashPoint(at: CrashAt, kill: () => void = () => process.kill(process.pid, 'SIGKILL')): CrashPoint {
  let reached = 0;
  return (step) => {
    if (step === at.step && ++reached === at.nth) kill();
  };
}
