import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * The one string schema of the contract: every text field, request or answer,
 * starts here (docs/security.md, "Hostile input"). It refuses a NUL byte, which
 * PostgreSQL cannot store in text and would otherwise turn into a 500 deep in a
 * query. The refusal carries the field's own code (KEY_INVALID unless told), so
 * a NUL answers 400 like any other malformed value of that field. Chain the
 * field's rules after it as with `z.string()`: `text().trim().max(100)`.
 */
export function text(error: ErrorCode = 'KEY_INVALID') {
  return z.string().refine(hasNoNul, { error });
}

/** Whether a value is free of NUL bytes (also the path-parameter guard's test). */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}
