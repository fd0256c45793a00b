import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Validates a request part with its contract schema. A field that is absent
 * answers KEY_MISSING; a field that is present but wrong answers KEY_INVALID
 * (domain rules section 11).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const missing = result.error.issues.some(
      (issue) => issue.code === 'invalid_type' && valueAt(data, issue.path) == null,
    );
    return { error: new AppError(missing ? 'KEY_MISSING' : 'KEY_INVALID') };
  };

/** Fastify hands an absent body over as null, so null counts as absent too. */
function valueAt(data: unknown, pathParts: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of pathParts) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
