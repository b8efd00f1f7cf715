import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { addPackage } from '../support/fixtures';
import { useTestApp } from '../support/harness';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project.
const t = useTestApp();

describe('several app servers on one PostgreSQL', () => {
  it('a write on one server is seen by another within a second (LISTEN/NOTIFY)', async () => {
    const url = (t.database as { url?: string }).url;
    expect(url).toBeTruthy();
    const other = await buildApp(t.config, { database: t.database, databaseUrl: url });
    try {
      // Over real HTTP: a cached read is answered by the server's fast path, which app.inject() does not reach.
      await other.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const read = async () =>
        (await (await fetch(`${base}/api/packages`)).json()) as Array<{ title: string }>;
      // The other server now holds the list in its cache.
      expect((await read()).map((p) => p.title)).not.toContain('Made Elsewhere');
      expect((await addPackage(t, 'Made Elsewhere')).statusCode).toBe(201);
      const started = Date.now();
      await expect
        .poll(async () => (await read()).map((p) => p.title), { timeout: 1000, interval: 20 })
        .toContain('Made Elsewhere');
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });
});
