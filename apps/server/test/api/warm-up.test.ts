import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLIC_ROUTES } from '@clean/shared';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { warmUp } from '../../src/lib/warm-up';
import { createTestApp, memoryMailer, openTestDatabase } from '../support/harness';
import { logCapture } from '../support/log-capture';

/** The warm-up at start (lib/warm-up.ts). Uses the built web app (apps/web/dist-ssr), as `npm test` builds it. */
const notLoaded = async (): Promise<never> => {
  throw new Error('not in the cache');
};

it('serves every public page once, so the cached ones are there before the first visitor', async () => {
  const t = await createTestApp();
  try {
    // Cold, the cache holds none of them.
    await expect(t.app.publicCache.get('html /packages?', notLoaded)).rejects.toThrow('not in the cache');
    await warmUp(t.app);
    // The pages a visitor gets from the cache (the gallery is shuffled on each load, and /contact's open times follow
    // every hold, so neither is kept).
    for (const route of PUBLIC_ROUTES.filter((r) => r !== '/gallery' && r !== '/contact')) {
      const page = await t.app.publicCache.get<{ status: number; body: string }>(`html ${route}?`, notLoaded);
      expect(page.status, route).toBe(200);
      expect(page.body, route).toContain('<div id="root"><');
    }
    // …and the JSON reads those pages made through the app.
    expect(t.app.publicCache.lookupJson('/api/packages')).toBeDefined();
  } finally {
    await t.close();
  }
});

it('logs a page it could not serve and resolves: the start goes on', async () => {
  const log = logCapture('warn');
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-warm-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  // No web app built: every page answers 503.
  const app = await buildApp(
    { ...config, webDist: '/nonexistent' },
    { database, mailer: memoryMailer().mailer, logger: log.logger },
  );
  try {
    await expect(warmUp(app)).resolves.toBeUndefined();
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = log.lines.filter((l) => l.includes('warm-up: page not served'));
  expect(lines).toHaveLength(PUBLIC_ROUTES.length);
  expect(lines[0]).toContain('"status":503');
});
