import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Child, freePort, spawnChild, waitForUrl } from '../apps/server/test/support/child';
import { startServerProcess } from '../apps/server/test/support/server-process';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the built app as `npm run serve` does, on 127.0.0.1, a free port and a fresh PGlite with demo content. */
export async function startBuiltApp() {
  if (!existsSync(path.join(root, 'apps/web/dist-ssr/entry-server.js'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  const port = await freePort();
  const server = await startServerProcess(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clean-measure-')),
      DEMO_CONTENT: '1',
      NODE_ENV: 'production',
    },
    { compiled: true },
  );
  return { baseUrl: server.url, pid: server.child.pid ?? 0, stop: () => server.stop() };
}

/** Spawns a script of this folder (a child process, so it does not share a core's time with the caller). */
export async function startScript(
  file: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<Child> {
  const script = spawnChild([process.execPath, '--import', 'tsx', path.join(import.meta.dirname, file)], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  await waitForUrl(readyUrl, script);
  return script;
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The machine line a measurement starts with: timings mean little without the cores and the load beside them. */
export const printMachine = () =>
  console.log(`machine: ${cpus().length} cores, load average (1/5/15 min) before: ${loadAverage()}`);

export const printLoadAfter = () => console.log(`\nload average after: ${loadAverage()}`);

/** A process and all its descendants, from /proc (Linux). */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) may hold spaces; the parent PID is the 2nd field after its closing ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [pid];
  for (let grown = true; grown; ) {
    grown = false;
    for (const [child, parent] of parentOf) {
      if (tree.includes(parent) && !tree.includes(child)) {
        tree.push(child);
        grown = true;
      }
    }
  }
  return tree;
}

/**
 * Memory (MB) of a process and all its descendants (threads are part of their process). RSS counts the pages of
 * the `node` binary and its libraries in every process that maps them; PSS divides each shared page among them.
 */
export function treeMemoryMb(pid: number): { rss: number; pss: number } {
  let rss = 0;
  let pss = 0;
  for (const p of processTree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return { rss: rss / 1024, pss: pss / 1024 };
}

/**
 * CPU time (ms, all threads, user and system) a process has used so far, from /proc (Linux; the kernel counts
 * in ticks of 10 ms, so read it across thousands of requests).
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** RSS (MB) of a process and all its descendants. */
export const treeRssMb = (pid: number) => treeMemoryMb(pid).rss;
