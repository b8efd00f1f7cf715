import { PAGE_ROUTES } from '@clean/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DOCS_PREFIX, OPENAPI_PATH } from '../../src/lib/openapi';
import { records } from '../support/fixtures';
import { type Method, useTestApp } from '../support/harness';
import { addCleaner } from '../support/team';

const t = useTestApp();

/**
 * The routes a cleaner's session opens (docs/api.md#who-may-call-what), written out here rather than read from the
 * code: a route that joins them must be added on purpose.
 */
const CLEANER_ROUTES = [/^\w+ \/api\/my\//, /^GET \/api\/user$/, /^GET \/api\/visits\/:\w+\/photos\/:\w+$/];

/**
 * Every route open without a session, to anyone or to a link's holder. An owner route added without the owner's
 * guard either stops the app from starting (it declares nobody) or shows up here as unlisted.
 */
const OPEN_ROUTES = [
  ...PAGE_ROUTES.map((page) => `GET ${page}`),
  'POST /signin',
  'POST /forgot_password',
  'POST /reset-password',
  'GET /api/health',
  'GET /api/site-config',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /api/packages',
  'GET /api/pricing',
  'GET /api/quote',
  'GET /api/gallery',
  'GET /media/:file',
  'GET /api/reviews',
  'POST /api/reviews',
  'GET /api/contact-status',
  'POST /api/inquiries',
  'GET /api/slots',
  'GET /api/calendar/:file',
  'GET /reminders/off',
  'POST /reminders/off',
  'GET /review-requests/off',
  'POST /review-requests/off',
  'POST /contact',
  'POST /reviews',
  'GET /visit/:token',
  'GET /visit/:token/invoices/:file',
  'POST /visit/:token/visits/:key/:action',
  'POST /api/team/invitations/accept',
  'GET /join',
  'POST /join',
];

type Route = { method: Method; url: string };

/** Every route of the app but the docs UI's and the built web app's files (served to anyone by their plugin). */
function everyRoute(): Route[] {
  const seen = new Set<string>();
  return t.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && r.url !== OPENAPI_PATH && !r.url.startsWith(DOCS_PREFIX))
    .filter((r) => !(r.hidden && /\.\w+$/.test(r.url)) && r.url !== '/*')
    .map((r) => ({ method: r.method as Method, url: r.url }))
    .filter((r) => !seen.has(`${r.method} ${r.url}`) && Boolean(seen.add(`${r.method} ${r.url}`)));
}

const name = (r: Route) => `${r.method} ${r.url}`;
const filled = (url: string, key = 'o1') => url.replace(/:key\b/g, key).replace(/:\w+/g, '1');
const isCleaners = (r: Route) => CLEANER_ROUTES.some((p) => p.test(name(r)));

describe('who may call what: every route, with a cleaner’s token and with a forged one', () => {
  it('answers a cleaner 403 on every owner route, 401 to a forged token, and no more than to anyone elsewhere', async () => {
    const cleaner = await addCleaner(t);
    const forged = t.injectAs(t.forged);
    const routes = everyRoute();
    // The document's routes at least (openapi.test.ts holds the count), plus the pages.
    expect(routes.length).toBeGreaterThan(100);
    const open: string[] = [];
    for (const route of routes) {
      const url = filled(route.url);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const asCleaner = await cleaner.as(route.method, url, body);
      const asForged = await forged(route.method, url, body);
      if (isCleaners(route)) {
        expect([401, 403], `${name(route)} as its cleaner`).not.toContain(asCleaner.statusCode);
        expect(asForged.statusCode, `${name(route)} forged`).toBe(401);
        continue;
      }
      const anonymous = await t.anonymous(route.method, url, body);
      if (anonymous.statusCode === 401 && asCleaner.statusCode === 403) {
        expect(asForged.statusCode, `${name(route)} forged`).toBe(401);
        expect(asCleaner.json().error, name(route)).toBeTruthy();
        continue;
      }
      // Open to anyone: a token, a cleaner's or a forged one, opens nothing more than none.
      open.push(name(route));
      expect(asCleaner.statusCode, `${name(route)} as a cleaner`).toBe(anonymous.statusCode);
      expect(asForged.statusCode, `${name(route)} forged`).toBe(anonymous.statusCode);
    }
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort());
  });

  it('answers a cleaner’s route for another cleaner’s visit 404, as for no visit at all', async () => {
    const ana = await addCleaner(t);
    const ben = await addCleaner(t);
    const home = await records(t).inquiry('Maria Gonzalez');
    const bens = await records(t).cleaning(home, {
      dateTime: new Date('2026-12-03T14:00:00Z'),
      cleanerId: ben.id,
    });
    const withKey = everyRoute().filter((r) => isCleaners(r) && r.url.includes(':key'));
    for (const route of withKey) {
      const { body, headers } = await requestFor(route);
      const res = await ana.as(route.method, filled(route.url, `o${bens}`), body, { headers });
      expect(res.statusCode, `${name(route)} on another's visit: ${res.body}`).toBe(404);
    }
    // Ana's own session still works, so the 404s above are about the visit, not her.
    expect((await ana.as('GET', '/api/user')).statusCode).toBe(200);
  });
});

/** A request each cleaner's action takes, so the answer is about the visit, not the input. */
async function requestFor(route: Route): Promise<{ body?: unknown; headers?: Record<string, string> }> {
  const { url } = route;
  if (route.method === 'GET') return {};
  if (url.includes('/checklist/')) return { body: { done: true } };
  if (url.endsWith('/photos')) {
    const boundary = 'route-access-boundary';
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nbefore\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  if (url.endsWith('/:key')) return { body: { status: 'done' } };
  return { body: {}, headers: { 'idempotency-key': 'route-access-1' } };
}
