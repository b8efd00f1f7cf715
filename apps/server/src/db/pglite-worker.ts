import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { releaseMemoryWhenIdle } from '../runtime/idle-memory';
import { makePrivate } from './data-dir';
import { DurableNodeFS, durableStartParams, pgliteDefaultStartParams } from './durable-fs';
import type { WorkerData, WorkerError, WorkerRequest, WorkerResponse } from './pglite-protocol';
import { loadDataTemplate } from './pglite-template';

// PGlite runs here, off the main thread: if PostgreSQL inside it PANICs (a full or read-only disk while writing
// WAL) and spins, only this thread is stuck; the main thread keeps serving and replaces the worker.

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts must run as a worker thread');
const { dir, migrationsFolder, settings } = workerData as WorkerData;

// drizzle's PGlite driver asks for dates and intervals as the text PostgreSQL sends, and maps them itself.
const keepText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    keepText,
  ]),
);

const reply = (message: WorkerResponse) => port.postMessage(message);
const flatten = (err: unknown): WorkerError => {
  const e = err as { message?: string; code?: string; detail?: string; severity?: string };
  return { message: String(e?.message ?? err), code: e?.code, detail: e?.detail, severity: e?.severity };
};

/** Open transactions: each waits, inside PGlite's transaction(), for its 'end' message. */
type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; settled: Promise<void> };
const transactions = new Map<number, OpenTransaction>();
let nextTx = 1;
const ROLLBACK = new Error('rollback requested');

async function open(): Promise<PGlite> {
  const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
  const pg = await PGlite.create({
    fs: new DurableNodeFS(dir),
    extensions: { pg_trgm },
    // A new folder starts from the build's initdb output instead of running initdb (pglite-template.ts).
    loadDataDir: isNew ? loadDataTemplate(import.meta.dirname) : undefined,
    startParams: [
      ...pgliteDefaultStartParams(),
      ...durableStartParams,
      ...settings.flatMap((s) => ['-c', s]),
    ],
  });
  if (migrationsFolder) await migrate(drizzle(pg), { migrationsFolder });
  // initdb runs without syncing; a checkpoint now (fsync on) puts the new cluster and migrations on disk too.
  await pg.exec('CHECKPOINT');
  // PGlite's initdb writes its files 0666 whatever the umask; they hold password hashes and visitors' details.
  makePrivate(dir);
  if (isNew) collectGarbage();
  return pg;
}

/**
 * A new folder is made by initdb, a WASM instance of its own whose memory (about 500 MB) is garbage once it is
 * done; an idle thread allocates nothing, so no GC would come to free it, and the first start sat at 800 MB.
 */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function begin(pg: PGlite): Promise<number> {
  return new Promise((started, failed) => {
    const id = nextTx++;
    let isStarted = false;
    const settled = pg.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)), settled });
          isStarted = true;
          started(id);
        }),
    );
    // COMMIT's own failure (say, a full disk) reaches the 'end' request through `settled`.
    settled.then(
      () => transactions.delete(id),
      (err) => {
        transactions.delete(id);
        if (!isStarted) failed(err);
      },
    );
  });
}

async function handle(pg: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx ? transactions.get(request.tx)?.tx : pg;
      if (!target) throw new Error('The transaction has already ended.');
      const result = await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'begin':
      return begin(pg);
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('The transaction has already ended.');
      // PGlite runs COMMIT (or ROLLBACK) once the callback settles; answer when that is done.
      open.end(request.commit);
      try {
        await open.settled;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      return null;
    }
    case 'listen':
      // PostgreSQL delivers a NOTIFY at its transaction's commit, this session's own included.
      await pg.listen(request.channel, (payload) =>
        reply({ id: -1, ok: true, notice: { channel: request.channel, payload } }),
      );
      return null;
    case 'close':
      await pg.close();
      return null;
  }
}

open().then(
  (pg) => {
    port.on('message', (request: WorkerRequest) => {
      handle(pg, request).then(
        (value) => reply({ id: request.id, ok: true, value }),
        (err) => reply({ id: request.id, ok: false, error: flatten(err) }),
      );
    });
    reply({ id: 0, ok: true });
    // This thread has a heap of its own (query results on their way to the main thread), grown under load too.
    releaseMemoryWhenIdle({ debug: () => {} });
  },
  (err) => reply({ id: 0, ok: false, error: flatten(err) }),
);
