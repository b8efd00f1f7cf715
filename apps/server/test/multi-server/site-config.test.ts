import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { useTestApp } from '../support/harness';

// PostgreSQL only (one PGlite belongs to one process): run by the api-postgres project. Uses the built web app.
const t = useTestApp();

const telephoneOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}').telephone;

describe('the owner’s edit of the business facts on several app servers', () => {
  it('shows a new phone on `/` (HTML and JSON-LD) of both servers within a second', async () => {
    const url = (t.database as { url?: string }).url;
    expect(url).toBeTruthy();
    const servers = [t.app, await buildApp(t.config, { database: t.database, databaseUrl: url })];
    try {
      // Over real HTTP: cached pages are answered by each server's cache, which app.inject() may bypass.
      const bases = [];
      for (const server of servers) {
        await server.listen({ port: 0, host: '127.0.0.1' });
        bases.push(`http://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
      }
      const home = async (base: string) => (await fetch(`${base}/`)).text();
      // Both servers now hold `/` in their caches.
      for (const base of bases) expect(telephoneOf(await home(base))).toBe('(860) 555-0142');

      const res = await t.asAdmin('PUT', '/api/site-config', { phone: '(203) 555-0123' });
      expect(res.statusCode, res.body).toBe(200);
      const started = Date.now();
      for (const base of bases) {
        await expect
          .poll(async () => telephoneOf(await home(base)), { timeout: 1000, interval: 20 })
          .toBe('(203) 555-0123');
        expect(await home(base)).not.toContain('(860) 555-0142');
      }
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await servers[1]?.close();
    }
  });
});
