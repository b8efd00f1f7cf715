import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresMod = Parameters<NodeFS['init']>[1];
type Stream = { nfd: number };
type EmscriptenNodeFs = {
  stream_ops: { fsync?: (stream: Stream) => number };
  tryFSOperation: (op: () => void) => void;
};

/**
 * PGlite's Node filesystem with a real fsync. Emscripten's NODEFS has no `fsync` stream operation, so
 * PostgreSQL's fsync() inside the WASM returns success without touching the disk, and `fdatasync` is a no-op in
 * the runtime: nothing is ever synced. This fills in the missing operation with fs.fsyncSync (errors become
 * errno values PostgreSQL understands). Used with `wal_sync_method=fsync` so each commit's WAL flush calls it.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    const addFsync = (mod: { NODEFS: EmscriptenNodeFs }) => {
      const nodefs = mod.NODEFS;
      nodefs.stream_ops.fsync = (stream) => {
        nodefs.tryFSOperation(() => fsyncSync(stream.nfd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, addFsync] } as Partial<PostgresMod> };
  }
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off). Later options win, so these turn it back on, make every commit
 * wait for its WAL flush, and flush with fsync() — the one call the filesystem above makes real.
 */
export const durableStartParams = [
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
];

/** PGlite's own start parameters (single-user mode and friends), which passing `startParams` would replace. */
export function pgliteDefaultStartParams(): string[] {
  const params = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!params)
    throw new Error('PGlite.defaultStartParams is missing: check durable-fs.ts against this PGlite version');
  return params;
}
