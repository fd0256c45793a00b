import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { isErrorCode } from '@jetton/contract/errors';
import { AppError } from './app-error.ts';

/**
 * Validates a request part with its contract schema. A field that is absent (or
 * blank, where the schema says KEY_MISSING) answers KEY_MISSING; a rule whose zod
 * message is a catalogue code answers that code (e.g. PHONE_NUMBER_REQUIRE_10_DIGIT,
 * written once in the contract); anything else answers KEY_INVALID (docs/http.md, "Validation").
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: refusalOf(result.error.issues, data) };
  };

/** The error a value that failed its schema answers (HTTP bodies, and socket payloads alike). */
export function refusalOf(issues: readonly z.core.$ZodIssue[], data: unknown): AppError {
  // Absent or blank first, then the most specific rule, then the generic answer.
  const missing = issues.some(
    (issue) => issue.message === 'KEY_MISSING' || (issue.code === 'invalid_type' && valueAt(data, issue.path) == null),
  );
  if (missing) return new AppError('KEY_MISSING');
  const specific = issues.map((issue) => issue.message).find((message) => isErrorCode(message) && message !== 'KEY_INVALID');
  return new AppError(specific && isErrorCode(specific) ? specific : 'KEY_INVALID');
}

/** Fastify hands an absent body over as null, so null counts as absent too. */
function valueAt(data: unknown, pathParts: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of pathParts) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
