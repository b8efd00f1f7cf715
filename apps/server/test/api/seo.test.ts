import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, forgedToken, type TestApp } from '../support/harness';

const PUBLIC_URL = 'https://www.bristolecoclean.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t?.close());

describe('GET /robots.txt', () => {
  it('allows the public site, keeps private pages out and names the sitemap', async () => {
    const res = await t.anonymous('GET', '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const route of ['/contact-center', '/signin', '/forgot-password', '/reset-password']) {
      expect(lines).toContain(`Disallow: ${route}`);
    }
    // The public pages (and the API that renders them) stay crawlable.
    for (const route of ['/', '/packages', '/gallery', '/reviews', '/contact', '/api/']) {
      expect(lines).not.toContain(`Disallow: ${route}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists exactly the public routes with absolute URLs', async () => {
    const res = await t.anonymous('GET', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/packages`,
      `${PUBLIC_URL}/gallery`,
      `${PUBLIC_URL}/reviews`,
      `${PUBLIC_URL}/contact`,
    ]);
    expect(res.body.match(/<url>/g)).toHaveLength(5);
    // A page says when it last changed (search engines recrawl by it) once something it shows has a time.
    for (const lastmod of [...res.body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1] ?? '')) {
      expect(new Date(lastmod).toISOString()).toBe(lastmod);
    }
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
  });
});

describe('the sitemap’s lastmod', () => {
  const pages = ['/', '/packages', '/gallery', '/reviews', '/contact'] as const;
  /** Each page's lastmod in milliseconds (undefined: none given). */
  const lastmods = async () => {
    const body = (await t.anonymous('GET', '/sitemap.xml')).body;
    const byPage: Record<string, number | undefined> = {};
    for (const [, loc, , at] of body.matchAll(/<loc>([^<]*)<\/loc>(<lastmod>([^<]*)<\/lastmod>)?/g)) {
      byPage[(loc ?? '').slice(PUBLIC_URL.length)] = at ? Date.parse(at) : undefined;
    }
    return byPage;
  };
  let admin: ReturnType<TestApp['injectAs']>;
  beforeAll(async () => {
    admin = t.injectAs(await t.signin());
  });

  it('follows the content each page shows and the site’s facts, never the app’s start', async () => {
    // A fresh database: no photo, no approved review, no saved facts — the app's start is no change of a page.
    const fresh = await lastmods();
    expect(fresh['/gallery']).toBeUndefined();
    expect(fresh['/reviews']).toBeUndefined();
    expect(fresh['/']).toBeUndefined();

    // A package added: /packages and /contact (its booking form lists them), not the gallery.
    const beforeAdd = Date.now();
    const created = await admin('POST', '/api/packages', {
      title: 'Move-out clean',
      amount: 100,
      image_url: '/demo/pkg-deep.svg',
      description: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const added = await lastmods();
    expect(added['/packages']).toBeGreaterThanOrEqual(beforeAdd);
    expect(added['/contact']).toBeGreaterThanOrEqual(beforeAdd);
    expect(added['/gallery']).toBeUndefined();

    // An edit leaves no row time behind, yet moves the date.
    const id = created.json<{ id: number }>().id;
    const beforeEdit = Date.now();
    const edited = await admin('PUT', `/api/packages/${id}`, {
      title: 'Move-out deep clean',
      amount: 120,
      image_url: '/demo/pkg-deep.svg',
      description: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await lastmods())['/packages']).toBeGreaterThanOrEqual(beforeEdit);

    // So does a delete, which leaves no row at all.
    const beforeDelete = Date.now();
    expect((await admin('DELETE', `/api/packages/${id}`)).statusCode).toBe(200);
    expect((await lastmods())['/packages']).toBeGreaterThanOrEqual(beforeDelete);

    // The site's facts show on every page: a save moves every date.
    const beforeSave = Date.now();
    expect((await admin('PUT', '/api/site-config', { phone: '2035550188' })).statusCode).toBe(200);
    const saved = await lastmods();
    for (const page of pages) expect(saved[page], page).toBeGreaterThanOrEqual(beforeSave);

    // A refused write (anyone can send one) and a refused owner's write change no date.
    expect((await t.anonymous('PUT', '/api/site-config', { phone: '2035550177' })).statusCode).toBe(401);
    const forged = t.injectAs(await forgedToken());
    expect((await forged('DELETE', '/api/gallery/1')).statusCode).toBe(401);
    expect((await admin('PUT', '/api/site-config', { phone: '555' })).statusCode).toBe(400);
    expect(await lastmods()).toEqual(saved);
  });
});
