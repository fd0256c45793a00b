/**
 * Whether an error means the database connection failed, rather than the
 * statement: the server closed it (an operator's pg_terminate_backend, a
 * restart, a failover), the socket broke, or no connection could be had in
 * time. Such an error says nothing about the data, and a later attempt on a new
 * connection may succeed. See docs/faults.md for what each caller does with it.
 */

/** SQLSTATE class 08 is "connection exception". */
const LOST_SQLSTATE_CLASS = '08';
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or in recovery
  '53300', // too_many_connections
]);
/** Socket errors (Node's errno codes) on the way to or from the server. */
const LOST_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres reports a dropped socket and a pool wait timeout with plain messages only. */
const LOST_MESSAGES = [
  /connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /connection (?:is )?closed/i,
  /cannot use a pool after calling end/i,
];

export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if ((code.length === 5 && code.startsWith(LOST_SQLSTATE_CLASS)) || LOST_SQLSTATES.has(code) || LOST_ERRNOS.has(code)) return true;
    }
    if (current instanceof AggregateError && current.errors.some(isConnectionLoss)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
