import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { isErrorCode } from '@jetton/contract/errors';
import { AppError } from './app-error.ts';

/**
 * Validates a request part with its contract schema. A field that is absent
 * answers KEY_MISSING; a rule whose zod message is a catalogue code answers that
 * code (e.g. PHONE_NUMBER_REQUIRE_10_DIGIT, written once in the contract);
 * anything else present but wrong answers KEY_INVALID (domain rules section 11).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const { issues } = result.error;
    const missing = issues.some((issue) => issue.code === 'invalid_type' && valueAt(data, issue.path) == null);
    if (missing) return { error: new AppError('KEY_MISSING') };
    const coded = issues.find((issue) => isErrorCode(issue.message));
    return { error: new AppError(coded && isErrorCode(coded.message) ? coded.message : 'KEY_INVALID') };
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
