import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAnonymous, type TestApp } from '../support/harness';

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'clean-dist-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><title>app</title>${'<p>x</p>'.repeat(300)}`,
  );
  t = await createTestApp({ webDist });
});
afterAll(() => t?.close());

describe('serving the web app', () => {
  it.each([
    '/',
    '/signin',
    '/forgot-password',
    '/reset-password',
    '/packages',
    '/contact',
    '/gallery',
    '/reviews',
    '/contact-center',
  ])('answers %s with index.html (deep links and reloads work)', async (url) => {
    const res = await t.anonymous('GET', `${url}?x=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>app</title>');
  });

  it('sends every HTML document no-cache with an ETag, and a 304 when the browser has it', async () => {
    for (const url of ['/', '/contact-center', '/index.html']) {
      const res = await t.anonymous('GET', url);
      expect(res.statusCode, url).toBe(200);
      // Not the static files' hour: after a deploy the old page would ask for chunks that are gone.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const etag = String(res.headers.etag);
      expect(etag, url).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await t.anonymous('GET', url, undefined, { headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('answers an unknown page with the app and a 404 status', async () => {
    const res = await t.anonymous('GET', '/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>app</title>');
  });

  it('answers an unknown API path with JSON 404', async () => {
    const res = await t.anonymous('GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such endpoint: GET /api/nothing-here' });
  });

  it('compresses responses for clients that accept it', async () => {
    const res = await t.anonymous('GET', '/', undefined, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends security headers with a CSP that allows the map frame and https images', async () => {
    const res = await t.anonymous('GET', '/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.google\.com/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends API answers the strict set: nothing may load or frame them; the browsable docs keep the page set', async () => {
    for (const url of ['/api/packages', '/api/nothing-here', '/api/openapi.json']) {
      const res = await t.anonymous('GET', url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    }
    const docs = await t.anonymous('GET', '/api/docs/');
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves the site configuration', async () => {
    const res = await t.anonymous('GET', '/api/site-config');
    expect(res.statusCode).toBe(200);
    expect(res.json().towns).toHaveLength(17);
  });
});

describe('errors', () => {
  it('refuses a body that is too large with 413 and a sentence', async () => {
    const res = await t.anonymous('POST', '/signin', { username: 'admin', password: 'x'.repeat(100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request body is too large.' });
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await t.anonymous('POST', '/signin', 'username=admin', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/application\/json/);
  });

  it('never shows a stack trace for a real fault, and gives a request id', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    // A read with no rate limit: with PostgreSQL, sign-in's shared counter would fail first and close it (503).
    const res = await injectAnonymous(broken.app)('GET', '/api/contact-status');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/at .*\.ts:\d+|closed|pool/i);
    // The id the log line carries: this process's boot prefix and its request counter (lib/request-id.ts).
    expect(res.json().error).toMatch(/\(request [0-9a-f]{8}-[0-9a-z]+\)/);
    await broken.app.close();
  });
});
