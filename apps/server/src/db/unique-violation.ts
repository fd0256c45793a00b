/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or undefined for any
 * other error. Both engines (pg and PGlite) report `code` and `constraint`, so a
 * race between two inserts ends in the same domain error as the pre-check.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : undefined;
}
