import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_STATUS, type ErrorCode } from '@jetton/contract/errors';
import { StorageUnavailable } from '../adapters/storage/object-storage.ts';
import { isConnectionLoss } from '../db/connection-loss.ts';
import { ConflictsExhausted, InsufficientFunds } from '../ledger/ledger-types.ts';
import { AppError } from './app-error.ts';

/** Fastify's own transport errors, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'KEY_INVALID',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'KEY_MISSING',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'KEY_INVALID',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'KEY_INVALID',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_VALIDATION: 'KEY_INVALID',
};

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  // The ledger's own outcomes, worded for members here rather than inside the ledger.
  if (error instanceof InsufficientFunds) return new AppError('MONEY_NOT_ENOUGH');
  if (error instanceof ConflictsExhausted) return new AppError('REQUEST_LIMIT', 429);
  // The database connection dropped mid-request (docs/faults.md): "please try again", never a 500.
  if (isConnectionLoss(error)) return new AppError('SERVICE_UNAVAILABLE');
  // The object store did not answer (docs/operations.md, "Uploads"): likewise "try again".
  if (error instanceof StorageUnavailable) return new AppError('SERVICE_UNAVAILABLE');
  // Validation errors keep the AppError we returned from the validator compiler.
  if (error.cause instanceof AppError) return error.cause;
  const mapped = FASTIFY_CODES[error.code];
  if (mapped) return new AppError(mapped, error.statusCode && error.statusCode < 500 ? error.statusCode : undefined);
  if (error.statusCode === 429) return new AppError('REQUEST_LIMIT');
  if (error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('KEY_INVALID', error.statusCode);
  }
  return new AppError('INTERNAL_SERVER_ERROR');
}

/**
 * One error handler for the whole API: every error leaves as `{ "message": CODE }`
 * with the catalogue's status. Unknown failures are logged with their stack and
 * answered INTERNAL_SERVER_ERROR, never with internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'SERVICE_UNAVAILABLE')
      request.log.warn(
        { err: error },
        `request failed: ${error instanceof StorageUnavailable ? 'object storage' : 'database'} unavailable`,
      );
    else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, 'request refused');
    const retryAfter = appError.retryAfterSeconds;
    if (retryAfter === undefined) return reply.status(appError.status).send({ message: appError.code });
    return reply
      .status(appError.status)
      .header('retry-after', String(retryAfter))
      .send({ message: appError.code, retryAfterSeconds: retryAfter });
  });
}

export function notFoundBody(): { message: ErrorCode } {
  return { message: 'NOT_FOUND' };
}

export const NOT_FOUND_STATUS = ERROR_STATUS.NOT_FOUND;
