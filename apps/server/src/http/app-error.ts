import { ERROR_STATUS, type ErrorCode } from '@jetton/contract/errors';

/**
 * The one error type services throw. The error handler turns it into
 * `{ "message": code }` with the catalogue's HTTP status (or `status` when given).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, status?: number) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? ERROR_STATUS[code];
  }
}
