import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Child, freePort, spawnChild, waitForUrl } from './child';

export { freePort } from './child';

const root = path.resolve(import.meta.dirname, '../../../..');

/** What `npm run serve` runs. */
export const COMPILED_SERVER = 'apps/server/dist/server.js';

const serveScript: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
/** The variables `npm run serve` sets before `node` (glibc's mmap threshold), for a compiled start. */
const SERVE_ENV = Object.fromEntries(
  [...(serveScript.split(' node ')[0] ?? '').matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [
    name,
    value,
  ]),
);

export const PROCESS_ADMIN_PASSWORD = 'fault-admin-password';

export type ServerProcess = Child & { url: string };

/**
 * Starts the real server (its TypeScript source, or with `compiled` what `npm run serve` runs) as a child process
 * and waits until /api/health answers 200.
 * Fault tests kill, stop and restart these processes; the env is complete so a developer's shell does not leak in.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    waitHealthy?: boolean;
    timeoutMs?: number;
    /** e.g. ['strace', '-f', …]: run node under it */
    wrap?: string[];
    /** the checkout to run (default: this one), e.g. an older commit's tree for a before/after measurement */
    cwd?: string;
    /** run the build (`npm run serve`: apps/server/dist, made by `npm run build`) instead of the TypeScript source */
    compiled?: boolean;
  } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // Without a DATA_DIR of the test's own (PostgreSQL mode), secrets and the mail outbox go to a throwaway folder,
  // not the repository's ./data.
  const scratch = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'clean-proc-'));
  const cwd = options.cwd ?? root;
  if (options.compiled && !existsSync(path.join(cwd, COMPILED_SERVER))) {
    throw new Error(`${COMPILED_SERVER} is missing: run \`npm run build\` first`);
  }
  const entry = options.compiled ? [COMPILED_SERVER] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const proc = spawnChild([...(options.wrap ?? []), process.execPath, ...entry], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
      DEMO_CONTENT: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_PUBLIC_WRITE: '100000',
      // No load balancer to drain from: a SIGTERM closes at once (the cluster test sets its own).
      SHUTDOWN_DRAIN_MS: '0',
      ...(options.compiled ? SERVE_ENV : {}),
      ...(scratch ? { DATA_DIR: scratch } : {}),
      ...env,
    },
  });
  const exited = proc.exited.then((how) => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    return how;
  });
  const server: ServerProcess = {
    ...proc,
    url: `http://127.0.0.1:${port}`,
    exited,
    stop: (graceMs) => proc.stop(graceMs).then(() => exited),
  };
  if (options.waitHealthy !== false) await waitForHealthy(server, options.timeoutMs ?? 60_000);
  return server;
}

/** Polls /api/health until it answers 200; fails early with the server's output if the process exits. */
export function waitForHealthy(server: ServerProcess, timeoutMs = 60_000) {
  return waitForUrl(`${server.url}/api/health`, server, timeoutMs);
}

/** Signs in as admin and returns the bearer token. */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PROCESS_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
