import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
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

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}:\n${log()}`);
}

/**
 * Runs a TypeScript file under tsx as a child process, stopped when this process exits, and resolves once
 * `readyUrl` answers (failing early with its output if it exits).
 */
async function startTsx(file: string, env: Record<string, string>, readyUrl: string) {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => {
    log += c;
  });
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  await waitFor(readyUrl, child, () => log);
  return { child, stop, log: () => log };
}

/** Starts the built app as `npm run serve` does, on 127.0.0.1, a free port and a fresh PGlite with demo content. */
export async function startBuiltApp() {
  if (!existsSync(path.join(root, 'apps/web/dist-ssr/entry-server.js'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await startTsx(
    'apps/server/src/server.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clean-measure-')),
      PUBLIC_URL: baseUrl,
      DEMO_CONTENT: '1',
      ADMIN_PASSWORD: 'measure-admin-password',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'production',
    },
    `${baseUrl}/api/health`,
  );
  return { baseUrl, ...app };
}

/** Spawns a script of this folder (a child process, so it does not share a core's time with the caller). */
export async function startScript(file: string, env: Record<string, string>, readyUrl: string) {
  const { child, stop } = await startTsx(path.join(import.meta.dirname, file), env, readyUrl);
  return { child, stop };
}

export const PUBLIC_PAGES = ['/', '/packages', '/gallery', '/reviews', '/contact'] as const;
