import { galleryUploadInput, packageInput } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { updateDemoLinks } from '../../src/db/demo';
import { galleryPhotos, packages } from '../../src/db/schema';
import { addPackage } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.anonymous('GET', url, undefined, { headers });

describe('public JSON reads (in-process cache, ETag)', () => {
  it.each([
    '/api/packages',
    '/api/gallery',
    '/api/gallery?page=1&limit=8',
    '/api/reviews?page=1&limit=5',
    '/api/contact-status',
  ])('%s carries an ETag and answers 304 to a browser that has it', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('serves a write at once: the next read shows it, with a new ETag', async () => {
    const before = await get('/api/packages');
    expect((await addPackage(t, 'Cache Buster')).statusCode).toBe(201);
    const after = await get('/api/packages', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Array<{ title: string }>>().map((p) => p.title)).toContain('Cache Buster');
  });

  it('keeps the list headers (X-Total-Count) of a cached page', async () => {
    await t.db
      .insert(galleryPhotos)
      .values([1, 2, 3].map((i) => ({ imageUrl: `/demo/kitchen.svg`, category: `C${i}` })));
    // A write through the API empties the cache (the insert above bypassed it on purpose).
    await addPackage(t, 'Another');
    const first = await get('/api/gallery?page=1&limit=2');
    const cached = await get('/api/gallery?page=1&limit=2');
    expect(first.headers['x-total-count']).toBe('3');
    expect(cached.headers['x-total-count']).toBe('3');
    expect(cached.json()).toHaveLength(2);
  });

  it('switching the booking form is seen by the very next read, still never cached by browsers', async () => {
    const set = (is_open: boolean) => t.asAdmin('PATCH', '/api/contact-status', { is_open });
    await get('/api/contact-status');
    expect((await set(false)).statusCode).toBe(200);
    const closed = await get('/api/contact-status');
    expect(closed.json()).toMatchObject({ is_open: false });
    expect(closed.headers['cache-control']).toBe('no-store');
    await set(true);
    expect((await get('/api/contact-status')).json()).toMatchObject({ is_open: true });
  });
});

describe('a cached read answered early (onRequest fast path)', () => {
  it('is the same answer as the route gives: headers, security headers, gzip, ETag and 304', async () => {
    // Enough packages for a body over the compression threshold (1 KB).
    for (let i = 0; i < 12; i++) await addPackage(t, `Fast Path ${i}`);
    const fromRoute = await get('/api/packages', { 'accept-encoding': 'gzip' });
    const fromCache = await get('/api/packages', { 'accept-encoding': 'gzip' });
    expect(fromCache.statusCode).toBe(200);
    for (const name of [
      'etag',
      'cache-control',
      'content-type',
      'content-encoding',
      'content-security-policy',
    ]) {
      expect(fromCache.headers[name], name).toBe(fromRoute.headers[name]);
    }
    expect(fromCache.headers['content-encoding']).toBe('gzip');
    expect(fromCache.rawPayload.equals(fromRoute.rawPayload)).toBe(true);
    expect((await get('/api/packages', { 'if-none-match': String(fromCache.headers.etag) })).statusCode).toBe(
      304,
    );
  });

  it('leaves bad query strings, other methods and unknown URLs to the routes', async () => {
    await get('/api/reviews?page=1&limit=5');
    const bad = await get('/api/reviews?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('error');
    await get('/api/packages');
    const post = await t.app.inject({ method: 'POST', url: '/api/packages', payload: {} });
    expect(post.statusCode).toBe(401);
  });
});

describe('demo images are site-relative', () => {
  it('accepts site paths such as /demo/… and refuses relative paths, other hosts and http:', () => {
    expect(packageInput.safeParse({ title: 'x', amount: 1, image_url: '/demo/pkg-deep.svg' }).success).toBe(
      true,
    );
    expect(
      galleryUploadInput.safeParse({ image_url: '/demo/kitchen.svg', category: 'Kitchen' }).success,
    ).toBe(true);
    for (const bad of [
      'demo/kitchen.svg',
      '//evil.example/demo/x.svg',
      '/\\evil.example/demo/x.svg',
      'http://example.com/demo/x.svg',
    ]) {
      expect(packageInput.safeParse({ title: 'x', amount: 1, image_url: bad }).success, bad).toBe(false);
    }
  });

  it('rewrites old absolute and SVG demo links at start-up, idempotently, and leaves other links alone', async () => {
    const rows = await t.db
      .insert(packages)
      .values([
        { title: 'old', amount: 1, imageUrl: 'http://localhost:3000/demo/pkg-standard.svg' },
        { title: 'ip', amount: 1, imageUrl: 'http://127.0.0.1:4321/demo/pkg-office.svg' },
        { title: 'own', amount: 1, imageUrl: 'https://clean.example/demo/pkg-moving.svg' },
        { title: 'other', amount: 1, imageUrl: 'https://images.example.com/demo/pkg-moving.svg' },
        { title: 'svg', amount: 1, imageUrl: '/demo/pkg-deep.svg' },
        { title: 'raster', amount: 1, imageUrl: '/demo/pkg-deep.webp' },
        { title: 'path', amount: 1, imageUrl: '/photos/pkg-deep.svg' },
      ])
      .returning({ id: packages.id });
    const urls = async () =>
      Promise.all(
        rows.map(
          async ({ id }) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0]?.imageUrl,
        ),
      );
    await updateDemoLinks(t.db, 'https://clean.example');
    const once = await urls();
    expect(once).toEqual([
      '/demo/pkg-standard.webp',
      '/demo/pkg-office.webp',
      '/demo/pkg-moving.webp',
      'https://images.example.com/demo/pkg-moving.svg',
      '/demo/pkg-deep.webp',
      '/demo/pkg-deep.webp',
      '/photos/pkg-deep.svg',
    ]);
    await updateDemoLinks(t.db, 'https://clean.example');
    expect(await urls()).toEqual(once);
  });
});
