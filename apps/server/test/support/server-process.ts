import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

export const PROCESS_ADMIN_PASSWORD = 'fault-admin-password';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output: () => string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves with how it ended. */
  stop: (graceMs?: number) => Promise<number | string>;
};

/**
 * Starts the real server (`npm run serve`'s command) as a child process and waits until /api/health answers 200.
 * Fault tests kill, stop and restart these processes; the env is complete so a developer's shell does not leak in.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    waitHealthy?: boolean;
    timeoutMs?: number;
    /** e.g. ['strace', '-f', …]: run node under it */
    wrap?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Without a DATA_DIR of the test's own (PostgreSQL mode), secrets and the mail outbox go to a throwaway folder,
  // not the repository's ./data.
  const scratch = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'clean-proc-'));
  let log = '';
  const command = [...(options.wrap ?? []), process.execPath, '--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
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
      ...(scratch ? { DATA_DIR: scratch } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => {
    log += c;
  });
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const server: ServerProcess = {
    url,
    child,
    output: () => log,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
  if (options.waitHealthy !== false) await waitForHealthy(server, options.timeoutMs ?? 60_000);
  return server;
}

/** Polls /api/health until it answers 200; fails early with the server's output if the process exits. */
export async function waitForHealthy(server: ServerProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited early:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet, or busy
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${server.output()}`);
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
