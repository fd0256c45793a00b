/**
 * Whether an error is a prepared statement refused because its table's columns
 * changed since it was prepared (another node's migration): SQLSTATE 0A000,
 * "cached plan must not change result type". The statement did not run, so it
 * may simply run again, and both engines' drivers then prepare it afresh
 * (pglite-dialect.ts, prepared-pool.ts; docs/performance.md).
 */
export function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000' && /cached plan/i.test(String((error as Error).message));
}
