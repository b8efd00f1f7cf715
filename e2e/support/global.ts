import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
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

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts the built app the way a user does (`npm run serve` runs this same command) on a fresh data folder. */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIST lets a developer test a build kept elsewhere (e.g. while another build runs).
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` before the end-to-end tests`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_CONTENT: '1',
      WEB_DIST: webDist,
      // Every journey comes from 127.0.0.1; the real limits are covered by the API tests.
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_PUBLIC_WRITE: '1000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => {
    log += c;
  });
  child.stderr?.on('data', (c) => {
    log += c;
  });
  await waitForHealth(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 8_000)),
    ]);
    if (code === 'timeout') child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`server did not shut down cleanly on SIGTERM (exit ${code}):\n${log}`);
  };
}
