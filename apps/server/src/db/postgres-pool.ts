import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { DatabaseUnavailableError } from './unavailable';

export type PoolTimeouts = {
  /** Waiting for a connection: opening one, or for a free one when all are busy. */
  connectMs: number;
  /** One statement: enforced by PostgreSQL (statement_timeout) and, for a stalled server, by the client. */
  queryMs: number;
};

/** Requests waiting for a connection beyond this many are refused at once (503) instead of queueing. */
const MAX_WAITING = 200;

/**
 * A statement the client gave up on (query_timeout: the server answered nothing) still occupies its connection:
 * the next statement on it — the ROLLBACK after a failed one, or a later request's, once the connection is back in
 * the pool — would wait out a timeout of its own. Closing the connection fails those at once, and the pool discards
 * it on release, so a stalled database costs a request one timeout whatever its number of statements.
 */
function dropOnReadTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise)
      result.catch((err: Error) => {
        if (err?.message === 'Query read timeout')
          (
            client as unknown as { connection?: { stream?: { destroy: () => void } } }
          ).connection?.stream?.destroy();
      });
    return result;
  }) as typeof client.query;
}

/**
 * A pg.Pool that survives the database going away: a dropped idle connection is logged and replaced (without
 * an 'error' listener, pg re-emits it as an uncaught exception and the process dies), every wait is bounded, and
 * the wait queue is bounded too. New connections are opened on demand, so the pool recovers by itself when the
 * database returns.
 */
export function createPool(databaseUrl: string, timeouts?: PoolTimeouts, log?: FastifyBaseLogger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: timeouts?.connectMs ?? 30_000,
    keepAlive: true,
    ...(timeouts && {
      statement_timeout: timeouts.queryMs,
      // The client-side limit fires even when the server cannot answer at all (stopped, network gone).
      query_timeout: timeouts.queryMs + 500,
      idle_in_transaction_session_timeout: timeouts.queryMs * 2,
    }),
  });
  const lost = (err: Error) =>
    log?.warn(
      { err: { message: err.message, code: (err as { code?: string }).code } },
      'database connection lost',
    );
  // The pool listens for errors only on idle connections. One dropped while checked out (between the statements of
  // a transaction) would emit an 'error' nobody hears, and that ends the process: every connection gets a listener.
  // The statement in flight still fails (503), and the pool discards the broken connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', lost);
    dropOnReadTimeout(client);
  });
  pool.on('error', lost);
  const connect = pool.connect.bind(pool);
  // Bound the queue: under a stalled database new requests fail fast instead of piling up.
  pool.connect = ((...args: unknown[]) => {
    if (pool.waitingCount >= MAX_WAITING) {
      const err = new DatabaseUnavailableError('too many requests are waiting for the database');
      const callback = args[0];
      if (typeof callback === 'function') return void process.nextTick(() => callback(err));
      return Promise.reject(err);
    }
    return (connect as (...a: unknown[]) => unknown)(...args);
  }) as typeof pool.connect;
  return pool;
}
