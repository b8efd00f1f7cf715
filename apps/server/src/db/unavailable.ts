/** Thrown by our own code when the database cannot take work now; the error handler answers 503. */
export class DatabaseUnavailableError extends Error {}

// SQLSTATE classes and codes that mean "the database is not reachable or gave up", not "your request is wrong":
// 08 connection exception, 57P01-57P05 shutdown / crash / cannot connect now, 57014 statement timeout,
// 53 insufficient resources (53100 disk full), 58030 I/O error, XX000 internal error (PostgreSQL's own state broke:
// on a disk too full for WAL, a small embedded page cache fails with "XLogBeginInsert was already called" before
// the PANIC that restarts the embedded thread).
const SQLSTATES = /^(08...|57P0[1-5]|57014|53...|58030|XX000)$/;
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTCONN']);
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * Whether an error (or any error in its `cause` chain: drizzle wraps driver errors) means the database is
 * unavailable — refused, dropped, timed out or out of space — rather than a bug or bad input.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SQLSTATES.test(code) || NODE_CODES.has(code))) return true;
    // A PANIC or FATAL ends the database's session whatever its code (a disk too full for WAL can PANIC mid-
    // transaction with "cannot drop active portal", 24000): the database gave up, the request did nothing wrong.
    const severity = (e as { severity?: unknown }).severity;
    if (severity === 'PANIC' || severity === 'FATAL') return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** The first error of class `type` in err's `cause` chain (drizzle wraps driver errors in its own). */
export function causeOf<T extends Error>(err: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof type) return e;
  }
  return undefined;
}
