import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { inquiries, reviews } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { auth: 3, publicWrite: 3 } });
});
afterAll(() => t?.close());

it.each([
  ['/signin', { username: 'admin', password: 'wrong-guess' }],
  ['/forgot_password', { username: 'admin' }],
  ['/reset-password', { new_password: 'long-enough-1' }],
])('limits %s per client with a clear 429', async (url, payload) => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await t.anonymous('POST', url, payload, { remoteAddress: '127.0.0.9' });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json().error).toMatch(/Too many attempts\. Please wait/);
  }
  expect(statuses.slice(0, 3)).not.toContain(429);
  expect(statuses[3]).toBe(429);
  // Another client is not affected.
  const other = await t.anonymous('POST', url, payload, { remoteAddress: '127.0.0.10' });
  expect(other.statusCode).not.toBe(429);
});

/**
 * The shipped limits (RATE_LIMIT_PUBLIC_WRITE's default): one budget a minute per client for booking requests and
 * reviews, whether they come as JSON from the script or as plain form posts from a page without it.
 */
describe('one public write budget for the JSON and the form routes', () => {
  const FORM = 'application/x-www-form-urlencoded';
  const booking = {
    name: 'Robin Budget',
    email: 'robin@example.com',
    phone_number: '(860) 555-0123',
    call_or_text: 'text',
    town: 'Bristol',
    description: 'Two-bedroom flat.',
  };
  const review = { reviewer_name: 'Pat Budget', rating: '4', comment: 'Spotless.' };
  let real: TestApp;
  const { publicWrite } = loadConfig({}).rateLimits;
  beforeAll(async () => {
    real = await createTestApp({ rateLimits: loadConfig({}).rateLimits });
  });
  afterAll(() => real?.close());

  const form = (url: string, fields: Record<string, string>, remoteAddress: string) =>
    real.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': FORM },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    });
  const posts = {
    'JSON booking': (ip: string) => real.anonymous('POST', '/api/inquiries', booking, { remoteAddress: ip }),
    'form booking': (ip: string) => form('/contact', booking, ip),
    'JSON review': (ip: string) =>
      real.anonymous('POST', '/api/reviews', { ...review, rating: 4 }, { remoteAddress: ip }),
    'form review': (ip: string) => form('/reviews', review, ip),
  };
  type Kind = keyof typeof posts;
  const mix: Kind[] = ['JSON booking', 'form booking', 'JSON review', 'form review', 'JSON booking'];
  const stored = async () => [await real.db.$count(inquiries), await real.db.$count(reviews)];

  it.each(Object.keys(posts).map((kind, i) => [kind as Kind, `10.27.6.${i + 1}`]))(
    'refuses a 6th post (%s, from %s) after five of both kinds: 429, nothing stored',
    async (sixth, ip) => {
      expect(publicWrite).toBe(5);
      const statuses = [];
      for (const kind of mix) statuses.push((await posts[kind](ip)).statusCode);
      expect(statuses).toEqual([201, 303, 201, 303, 201]);
      const before = await stored();
      const refused = await posts[sixth](ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await stored()).toEqual(before);
      if (sixth.startsWith('JSON')) {
        expect(refused.json().error).toMatch(/Too many attempts\. Please wait/);
      } else {
        // A short page of its own, not the whole form page rendered again: still readable without script.
        expect(refused.headers['content-type']).toMatch(/^text\/html/);
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.rawPayload.byteLength).toBeLessThan(2048);
        expect(refused.body).toMatch(/Too many attempts\. Please wait/);
        expect(refused.body).toContain(`href="${sixth === 'form booking' ? '/contact' : '/reviews'}"`);
      }
      // Another client still has its whole budget.
      expect((await posts[sixth]('10.27.6.99')).statusCode).toBeLessThan(400);
    },
  );
});
