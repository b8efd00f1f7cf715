import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { galleryUploadInput, packageInput } from '@clean/shared';
import compress from '@fastify/compress';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { updateDemoLinks } from '../../src/db/demo';
import { galleryPhotos, packages } from '../../src/db/schema';
import { COMPRESSION } from '../../src/lib/compression';
import { addPackage } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { logCapture } from '../support/log-capture';

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

/** One request over real HTTP (the server's fast path is not on app.inject's way): raw headers and raw bytes. */
function request(base: string, url: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: string[]; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every header but Date (the clock's), in order, as name: value lines. */
const headerLines = (raw: string[]) =>
  raw.flatMap((value, i) =>
    i % 2 === 0 && value.toLowerCase() !== 'date' ? [`${value}: ${raw[i + 1]}`] : [],
  );

/** Accept-Encoding values a browser, a crawler or a tool may send, and none. */
const ENCODINGS = [
  undefined,
  'gzip',
  'br',
  'deflate',
  'gzip, deflate, br, zstd',
  'br;q=0.5, gzip',
  'x-gzip',
  '*',
  'identity',
  'compress',
  'gzip;q=0, br;q=0',
];

describe('a cached read answered by the server before Fastify (fast path, real HTTP)', () => {
  let base = '';
  beforeAll(async () => {
    // Enough packages for a body over the compression threshold (1 KB).
    for (let i = 0; i < 12; i++) await addPackage(t, `Fast Path ${i}`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** The route's own answer (the cache emptied first), then the same request again, from the cache. */
  async function routeThenCache(url: string, method: string, headers: Record<string, string>) {
    await t.app.publicCache.invalidate();
    const routed = vi.spyOn(t.app.publicCache, 'json');
    try {
      const fromRoute = await request(base, url, method, headers);
      expect(routed, 'the route answered the first').toHaveBeenCalledTimes(1);
      const fromCache = await request(base, url, method, headers);
      expect(routed, 'the fast path answered the second').toHaveBeenCalledTimes(1);
      return { fromRoute, fromCache };
    } finally {
      routed.mockRestore();
    }
  }

  it.each([
    '/api/packages',
    '/api/gallery?page=1&limit=8',
    '/api/reviews?page=1&limit=5',
    '/api/contact-status',
  ])(
    '%s: the same status, headers and bytes as the route, for every Accept-Encoding, HEAD and a 304',
    async (url) => {
      const cases: Array<[string, Record<string, string>]> = [
        ...ENCODINGS.map((e): [string, Record<string, string>] => ['GET', e ? { 'accept-encoding': e } : {}]),
        ['GET', { 'accept-encoding': 'gzip', 'x-no-compression': '1' }],
        ['HEAD', {}],
        ['HEAD', { 'accept-encoding': 'gzip' }],
      ];
      for (const [method, headers] of cases) {
        const { fromRoute, fromCache } = await routeThenCache(url, method, headers);
        const name = `${method} ${JSON.stringify(headers)}`;
        expect(fromCache.status, name).toBe(fromRoute.status);
        expect(headerLines(fromCache.headers), name).toEqual(headerLines(fromRoute.headers));
        expect(fromCache.body.equals(fromRoute.body), name).toBe(true);
      }
      const plain = await request(base, url);
      const etag =
        headerLines(plain.headers)
          .find((line) => line.startsWith('etag: '))
          ?.slice(6) ?? '';
      const { fromRoute, fromCache } = await routeThenCache(url, 'GET', { 'if-none-match': etag });
      expect(fromCache.status).toBe(304);
      expect(fromCache.body.length).toBe(0);
      expect(headerLines(fromCache.headers)).toEqual(headerLines(fromRoute.headers));
    },
  );

  it('compresses exactly as @fastify/compress does: the same encoding and the same bytes', async () => {
    const body = (await request(base, '/api/packages')).body;
    expect(body.length).toBeGreaterThan(COMPRESSION.threshold);
    const plugin = Fastify();
    await plugin.register(compress, COMPRESSION);
    plugin.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(body.toString()));
    try {
      for (const encoding of ENCODINGS) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const expected = await plugin.inject({ method: 'GET', url: '/', headers });
        const cached = await request(base, '/api/packages', 'GET', headers);
        const sent = headerLines(cached.headers);
        const contentEncoding = expected.headers['content-encoding'];
        expect(sent.includes(`content-encoding: ${contentEncoding}`), String(encoding)).toBe(
          contentEncoding !== undefined,
        );
        expect(cached.body.equals(expected.rawPayload), String(encoding)).toBe(true);
      }
    } finally {
      await plugin.close();
    }
  });

  it('logs a cached answer as Fastify logs a request: the same one line, with its own request id', async () => {
    const log = logCapture('info');
    const url = (t.database as { url?: string }).url;
    const other = await buildApp(t.config, { database: t.database, databaseUrl: url, logger: log.logger });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const routed = vi.spyOn(other.publicCache, 'json');
      for (let i = 0; i < 2; i++) await request(otherBase, '/api/gallery?page=1&limit=8');
      expect(routed).toHaveBeenCalledTimes(1); // the second came from the cache
      routed.mockRestore();
      const lines = log.lines
        .map((line) => JSON.parse(line))
        .filter((line) => line.msg === 'request completed');
      expect(lines).toHaveLength(2);
      const [fromRoute, fromCache] = lines;
      expect(Object.keys(fromCache)).toEqual(Object.keys(fromRoute));
      const { remotePort: _a, ...routeReq } = fromRoute.req;
      const { remotePort: _b, ...cacheReq } = fromCache.req;
      expect(cacheReq).toEqual(routeReq);
      expect(cacheReq.url).toBe('/api/gallery?page=[redacted]&limit=[redacted]');
      expect(fromCache.res).toEqual({ statusCode: 200 });
      expect(fromCache.level).toBe(30);
      expect(fromCache.responseTime).toEqual(expect.any(Number));
      expect(fromCache.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      expect(fromCache.reqId).not.toBe(fromRoute.reqId);
    } finally {
      await other.close();
    }
  });

  it('a write empties it: the next read goes to the route and shows the write', async () => {
    await request(base, '/api/packages');
    expect((await addPackage(t, 'Written Now')).statusCode).toBe(201);
    const routed = vi.spyOn(t.app.publicCache, 'json');
    try {
      const after = await request(base, '/api/packages');
      expect(routed).toHaveBeenCalledTimes(1);
      expect(after.body.toString()).toContain('Written Now');
    } finally {
      routed.mockRestore();
    }
  });

  it('leaves bad query strings, other methods and unknown URLs to the routes', async () => {
    await request(base, '/api/reviews?page=1&limit=5');
    const bad = await request(base, '/api/reviews?page=0');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toHaveProperty('error');
    await request(base, '/api/packages');
    expect((await request(base, '/api/packages', 'POST')).status).toBe(401);
    expect((await request(base, '/api/packages/', 'GET')).status).not.toBe(200);
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
