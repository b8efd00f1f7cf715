import { connect } from 'node:net';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX, OPENAPI_PATH } from '../../src/lib/openapi';
import { createTestApp, type TestApp } from '../support/harness';

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(() => t?.close());

/** Fastify's `/api/x/:id` as OpenAPI writes it, `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ path, method, op })),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('documents every route the app registered, except the web app pages and files and the docs UI', () => {
    const expected = t.app.registeredRoutes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.url !== OPENAPI_PATH &&
        !r.url.startsWith(DOCS_PREFIX) &&
        // The built web app's pages and files (when it is built) and its pages' plain HTML form posts (POST
        // /contact, /reviews, answered with pages): not under /api/, no schema or hidden.
        !(r.hidden && !r.url.startsWith('/api/')),
    );
    const documented = new Set(operations().map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const missing = expected
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    // The feature routes of the issue (43) plus health, site config, robots and sitemap at least.
    expect(expected.length).toBeGreaterThanOrEqual(47);
    expect(documented.size).toBe(new Set(expected.map((r) => `${r.method} ${openApiPath(r.url)}`)).size);
  });

  it('gives every operation a success body (or none, for 204) and its { error } answers', () => {
    for (const { path, method, op } of operations()) {
      const statuses = Object.keys(op.responses);
      const success = statuses.filter((s) => s.startsWith('2'));
      // The cleanup answers its result (200) or, when it takes longer than a moment, its running job (202).
      const expected =
        method === 'delete' && path === '/api/cleanup_old_records' ? ['200', '202'] : success.slice(0, 1);
      expect(success, `${method} ${path}`).toEqual(expected);
      // Any route may fail on our side or find the database away.
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['500', '503']));
      if (success[0] !== '204')
        expect(op.responses[success[0] as string]?.content, `${method} ${path}`).toBeTruthy();
    }
  });

  it('marks the owner-only operations with bearer auth and their 401/403', () => {
    const op = (method: string, path: string) => doc.paths[path]?.[method] as Operation;
    for (const [method, path] of [
      ['get', '/api/inquiries'],
      ['delete', '/api/packages/{id}'],
      ['get', '/api/export/inquiries.csv'],
      ['get', '/api/calendar_feed'],
    ] as const) {
      expect(op(method, path).security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      expect(Object.keys(op(method, path).responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    // Public reads need no token; the booking form takes an optional one (the owner's phone leads).
    expect(op('get', '/api/packages').security).toBeUndefined();
    expect(op('post', '/api/inquiries').security).toEqual([{}, { bearer: [] }]);
    expect(op('get', '/api/export/inquiries.csv').responses['200']?.content).toHaveProperty('text/csv');
  });
});

describe('GET /api/docs', () => {
  it('serves the browsable docs with their assets from this server, no other host', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((s) => /^(https?:)?\/\//.test(s))).toEqual([]);
    const bundle = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
  });

  it('shows the whole document, though the docs load only on their first visit', async () => {
    const shown = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    const served = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(served.json());
    const bare = await t.app.inject({ method: 'GET', url: DOCS_PREFIX });
    expect(bare.statusCode).toBeLessThan(400);
  });
});

describe('answers given before any route runs', () => {
  it('are listed once, as shared responses, and referred to by every operation', () => {
    const shared = (doc as unknown as { components: { responses: Record<string, unknown> } }).components
      .responses;
    expect(Object.keys(shared).sort()).toEqual([
      'HeaderFieldsTooLarge',
      'PayloadTooLarge',
      'UnsupportedMediaType',
      'UriTooLong',
    ]);
    for (const { path, method, op } of operations())
      for (const status of ['413', '414', '415', '431'])
        expect(op.responses[status], `${method} ${path} ${status}`).toHaveProperty('$ref');
  });

  it('documents the request body of POST /api/inquiries (a booking request or the owner’s lead)', () => {
    const op = doc.paths['/api/inquiries']?.post as Operation & {
      requestBody?: { content: Record<string, { schema: { anyOf?: unknown[] } }> };
    };
    expect(op.requestBody?.content['application/json']?.schema.anyOf).toHaveLength(2);
  });

  it('are { "error" } over real HTTP: 413, 414, 415, 431', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (type: string, body: string) =>
      fetch(`${base}/signin`, { method: 'POST', headers: { 'content-type': type }, body });
    const answers = [
      await post('application/json', `{"username":"${'a'.repeat(100_000)}"}`),
      await fetch(`${base}/api/packages/${'1'.repeat(150)}`, { method: 'DELETE' }),
      await post('application/xml', '<signin/>'),
    ];
    expect(answers.map((r) => r.status)).toEqual([413, 414, 415]);
    for (const res of answers) expect(Object.keys(await res.json())).toEqual(['error']);
    // Node's parser refuses the head itself: the answer is written on the socket.
    const raw = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(base);
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /api/packages HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'The request headers are too large.',
    });
  });
});
