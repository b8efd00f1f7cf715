import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkerCall, WorkerData, WorkerError, WorkerRequest, WorkerResponse } from './pglite-protocol';
import { DatabaseUnavailableError } from './unavailable';

type Result = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
type QueryOptions = { rowMode?: 'array' | 'object' };
/** What drizzle's PGlite driver uses of a PGlite instance. */
export type QueryClient = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Result>;
};
export type PGliteLike = QueryClient & {
  transaction: <T>(callback: (tx: QueryClient) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** Hears NOTIFY on `channel` (again after the worker is replaced); the answer stops it. */
  listen: (channel: string, onNotice: (payload: string) => void) => Promise<() => Promise<void>>;
};

export type PGliteThreadOptions = {
  dir: string;
  /** Applied at open; left out when the caller migrates itself (a restore). */
  migrationsFolder?: string;
  /** PostgreSQL parameters (`name=value`) PGlite starts with. */
  settings?: string[];
  /** A call unanswered after this means PostgreSQL inside the worker is stuck: the worker is replaced. */
  callTimeoutMs: number;
  /** Opening (crash recovery, migrations) may take longer. */
  openTimeoutMs: number;
  log?: FastifyBaseLogger;
};

/** Reopening after a failure: crash recovery of a small database takes seconds; a hang here means "not yet". */
const REOPEN_TIMEOUT_MS = 30_000;

/** A PostgreSQL error rebuilt on this side, with its SQLSTATE, so the error handler can classify it. */
function rebuild(e: WorkerError): Error {
  return Object.assign(new Error(e.message), { code: e.code, detail: e.detail, severity: e.severity });
}

const keyOf = (data: WorkerData) => JSON.stringify(data);

/** A worker and its open message (id 0), or how it failed before sending one. */
function spawn(data: WorkerData) {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: data,
    stdout: true,
    stderr: true,
  });
  // These listeners stay for the worker's life: an error between its opening and its adoption is not unhandled.
  const opened = new Promise<WorkerResponse>((resolve, reject) => {
    worker.on('message', (message: WorkerResponse) => {
      if (message.id === 0) resolve(message);
    });
    worker.on('error', reject);
    worker.on('exit', () => reject(new Error('the embedded database thread exited while opening')));
  });
  opened.catch(() => {});
  return { worker, opened };
}

/** A worker started before anyone asked for its database (`startPGliteWorker`), waiting to be adopted. */
let early: (ReturnType<typeof spawn> & { key: string }) | undefined;

/**
 * Starts opening the database in `data.dir` now; the first `openPGliteThread` with the same options adopts the
 * worker. The server's entry calls it before loading the rest of the app, so PGlite's start (WASM, PostgreSQL,
 * migrations: a second or two of one core) overlaps the loading of the app's modules on the other core.
 */
export function startPGliteWorker(data: WorkerData) {
  early = { key: keyOf(data), ...spawn(data) };
}

/**
 * Embedded PGlite in a worker thread that can be replaced. A PostgreSQL PANIC (disk full or read-only while
 * writing WAL) leaves PGlite spinning; on the main thread that froze every route and SIGTERM. Here a call that
 * does not come back in time fails with 503, the worker is terminated, and a new one reopens the data folder
 * (crash recovery from WAL), retrying until it succeeds — the database comes back when the disk does.
 */
export async function openPGliteThread(options: PGliteThreadOptions): Promise<PGliteLike> {
  const { log } = options;
  let worker: Worker | undefined;
  let ready: Promise<void> = Promise.reject(new DatabaseUnavailableError('not open yet'));
  ready.catch(() => {});
  let nextId = 1;
  let closed = false;
  /** Between a failure and the reopened worker: calls fail at once (503) instead of waiting. */
  let restarting = false;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();

  const failAll = (why: string) => {
    for (const call of pending.values()) call.reject(new DatabaseUnavailableError(why));
    pending.clear();
  };

  function start(openTimeoutMs = options.openTimeoutMs): Promise<void> {
    const data: WorkerData = {
      dir: options.dir,
      migrationsFolder: options.migrationsFolder,
      settings: options.settings ?? [],
    };
    const adopted = early?.key === keyOf(data) ? early : undefined;
    early = undefined;
    const { worker: w, opened } = adopted ?? spawn(data);
    worker = w;
    // PostgreSQL's own messages (and, on a failed start, a WASM stack dump) go to the log, not the terminal.
    for (const stream of [w.stdout, w.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => {
        for (const line of text.split('\n')) if (line.trim()) log?.debug({ line }, 'embedded database');
      });
    }
    // Until it has opened, failures reach whoever awaits start(); after that, they replace the worker.
    let isOpen = false;
    w.on('message', (message: WorkerResponse) => {
      if (message.notice) {
        for (const heard of listeners.get(message.notice.channel) ?? []) heard(message.notice.payload);
        return;
      }
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(rebuild(message.error ?? { message: 'unknown database error' }));
    });
    w.on('error', (err) => {
      if (isOpen && worker === w) replace(`the database thread failed: ${err.message}`);
    });
    w.on('exit', () => {
      if (isOpen && worker === w && !closed) replace('the database thread exited');
    });
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        void w.terminate();
        reject(new Error(`the embedded database did not open within ${openTimeoutMs} ms`));
      }, openTimeoutMs);
      opened.then(
        (message) => {
          clearTimeout(timer);
          isOpen = message.ok;
          if (message.ok) resolve();
          else {
            void w.terminate();
            reject(rebuild(message.error ?? { message: 'the embedded database did not open' }));
          }
        },
        (err: Error) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  /** Terminates the current worker and opens a new one, again and again until it opens. */
  function replace(why: string) {
    if (closed || !worker) return;
    log?.error({ reason: why }, 'embedded database stuck or failed; restarting it');
    restarting = true;
    const old = worker;
    worker = undefined;
    failAll(why);
    void old.terminate();
    const attempt = (delayMs: number) => {
      ready = new Promise<void>((resolve, reject) => {
        setTimeout(() => {
          if (closed) return reject(new DatabaseUnavailableError('closed'));
          start(REOPEN_TIMEOUT_MS).then(
            () => {
              log?.warn('embedded database reopened');
              restarting = false;
              resolve();
              for (const channel of listeners.keys()) void call({ op: 'listen', channel }).catch(() => {});
            },
            (err: Error) => {
              log?.warn({ reason: err.message }, 'embedded database not back yet; retrying');
              reject(new DatabaseUnavailableError(err.message));
              if (worker) void worker.terminate();
              worker = undefined;
              attempt(2_000);
            },
          );
        }, delayMs);
      });
      ready.catch(() => {});
    };
    attempt(0);
  }

  async function call(request: WorkerCall, timeoutMs = options.callTimeoutMs): Promise<unknown> {
    // Use after close() is a bug, not an outage: a plain error (500), unlike a restart (503).
    if (closed) throw new Error('the embedded database is closed');
    if (restarting) throw new DatabaseUnavailableError('the embedded database is restarting');
    await ready;
    const w = worker;
    if (!w) throw new DatabaseUnavailableError('the embedded database is restarting');
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!pending.has(id)) return;
        pending.delete(id);
        reject(new DatabaseUnavailableError(`no answer from the embedded database within ${timeoutMs} ms`));
        if (worker === w) replace('a call timed out');
      }, timeoutMs);
      pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      w.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  const query =
    (tx?: number) =>
    (sql: string, params: unknown[] = [], opts: QueryOptions = {}) =>
      call({ op: 'query', sql, params, rowMode: opts.rowMode ?? 'object', tx }) as Promise<Result>;

  ready = start();
  try {
    await ready;
  } catch (err) {
    // Start-up failed: no restarts behind the caller's back.
    closed = true;
    await worker?.terminate();
    throw err;
  }

  return {
    query: query(),
    async transaction(callback) {
      const tx = (await call({ op: 'begin' })) as number;
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback({ query: query(tx) });
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onNotice) {
      const heard = listeners.get(channel) ?? new Set();
      listeners.set(channel, heard);
      heard.add(onNotice);
      if (heard.size === 1) await call({ op: 'listen', channel });
      return async () => {
        heard.delete(onNotice);
      };
    },
    async close() {
      if (closed) return;
      try {
        await call({ op: 'close' }, 5_000);
      } catch {
        // stuck or already gone: terminating is all that is left
      }
      closed = true;
      for (const pendingCall of pending.values())
        pendingCall.reject(new Error('the embedded database is closed'));
      pending.clear();
      await worker?.terminate();
    },
  };
}
