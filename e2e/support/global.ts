import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess } from '../../apps/server/test/support/server-process';

declare module 'vitest' {
  interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
const root = path.resolve(import.meta.dirname, '../..');

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
  const server = await startServerProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_CONTENT: '1',
      WEB_DIST: webDist,
      // Every journey comes from 127.0.0.1; the real limits are covered by the API tests.
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_PUBLIC_WRITE: '1000',
    },
    { compiled: true },
  );
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    const code = await server.stop(8_000);
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) {
      throw new Error(`server did not shut down cleanly on SIGTERM (exit ${code}):\n${server.output()}`);
    }
  };
}
