/** Messages between the main thread and the PGlite worker (pglite-worker.ts). */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

/** A PostgreSQL error, flattened: structured cloning keeps only an Error's message. */
export type WorkerError = { message: string; code?: string; detail?: string; severity?: string };

/**
 * The answer to request `id`; id 0 is sent once PGlite is open (or failed to open) and migrated, id -1 carries a
 * NOTIFY heard on a channel the main thread listens on.
 */
export type WorkerResponse = {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: WorkerError;
  notice?: { channel: string; payload: string };
};

/** A request before it is numbered. */
export type WorkerCall = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** `settings`: PostgreSQL parameters (`name=value`) PGlite starts with, e.g. `shared_buffers=16MB`. */
export type WorkerData = { dir: string; migrationsFolder?: string; settings: string[] };
