import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';

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
    // Every page says when it last changed (search engines recrawl by it).
    const lastmods = [...res.body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1] ?? '');
    expect(lastmods).toHaveLength(5);
    for (const lastmod of lastmods) expect(new Date(lastmod).toISOString()).toBe(lastmod);
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
  });
});
