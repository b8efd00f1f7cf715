import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './child';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export type PostgresServer = {
  url: string;
  /** The data folder: fault tests read postmaster.pid from it. */
  dir: string;
  stop: () => void;
  /** `pg_ctl restart -m fast`: every connection is dropped, the server comes back on the same port. */
  restart: () => void;
  /** PIDs of the postmaster and all its backends, for SIGSTOP/SIGCONT fault tests. */
  pids: () => number[];
};

/** PostgreSQL refuses to run as root, so as root the server runs as the postgres user. */
function run(bin: string, args: string[]) {
  const file = path.join(PG_BIN, bin);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [file, ...args].map(quote).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(file, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${bin} failed: ${result.stderr || result.stdout}`);
}
const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/**
 * A throwaway PostgreSQL server on 127.0.0.1 for one test run; with `keepDir`, a server on that folder, created the
 * first time and kept afterwards (bench:scale seeds ten years of data once and reuses them).
 */
export async function startPostgres(keepDir?: string): Promise<PostgresServer> {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL binaries not found in ${PG_BIN}: install the postgresql package or set PG_BIN`,
    );
  }
  const fresh = !keepDir || !existsSync(path.join(keepDir, 'PG_VERSION'));
  const dir = keepDir ?? mkdtempSync(path.join(tmpdir(), 'clean-pg-'));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  if (fresh) run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', dir, '-w', '-l', path.join(dir, 'log'), 'start', '-o', opts]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    restart() {
      run('pg_ctl', ['-D', dir, '-w', '-m', 'fast', '-l', path.join(dir, 'log'), 'restart', '-o', opts]);
    },
    pids() {
      const postmaster = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]?.trim();
      const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).stdout;
      return [postmaster, ...children.split('\n')].filter((p): p is string => !!p).map(Number);
    },
    stop() {
      if (keepDir) return run('pg_ctl', ['-D', dir, '-w', '-m', 'fast', 'stop']);
      try {
        run('pg_ctl', ['-D', dir, '-w', '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
